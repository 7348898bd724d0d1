/**
 * @module dev-oidc-person — who signs in at the development issuer: the name and address a
 * person typed, checked, and the claims the issuer asserts for them.
 */
import { sha256Base64url } from '../../crypto/hash.js';
import { isEmailAddress, normaliseEmailAddress } from '../users/email-address.js';

/** What the consent form sends. */
export interface DevPersonInput {
  name: string;
  email: string;
  /** Whether the issuer vouches for the address (OpenID Connect Core §5.1 `email_verified`). */
  emailVerified: boolean;
}

/** A person the issuer can sign in. */
export interface DevPerson {
  /** Stable per address, so a second sign-in with the same address is the same account. */
  subject: string;
  name: string | null;
  email: string;
  emailVerified: boolean;
}

/** Field errors of the consent form, in the words the page shows. */
export interface DevPersonProblems {
  name?: string;
  email?: string;
}

/** The longest name accepted; longer is a typing accident. */
export const MAX_DEV_NAME_LENGTH = 100;

/** The person, or what to fix. The name is optional; the address must be one the provider accepts. */
export function checkDevPerson(
  input: DevPersonInput,
): { ok: true; person: DevPerson } | { ok: false; problems: DevPersonProblems } {
  const name = input.name.trim();
  const email = input.email.trim();
  const problems: DevPersonProblems = {};
  if (name.length > MAX_DEV_NAME_LENGTH) {
    problems.name = `Enter a name of at most ${MAX_DEV_NAME_LENGTH} characters.`;
  }
  if (email === '') problems.email = 'Enter an email address.';
  else if (!isEmailAddress(email)) problems.email = 'Enter an email address like name@example.com.';
  if (problems.name || problems.email) return { ok: false, problems };
  const address = normaliseEmailAddress(email);
  return {
    ok: true,
    person: {
      subject: `dev-${sha256Base64url(`latchkey-dev-oidc:${address}`).slice(0, 32)}`,
      name: name === '' ? null : name,
      email: address,
      emailVerified: input.emailVerified,
    },
  };
}

/** `Ada Lovelace` → given Ada, family Lovelace; one word is a given name. */
function nameParts(name: string): { given_name: string; family_name?: string } {
  const space = name.search(/\s/);
  if (space < 0) return { given_name: name };
  return { given_name: name.slice(0, space), family_name: name.slice(space).trim() };
}

/** The claims released for `scopes` (OpenID Connect Core §5.4), `sub` always. */
export function devClaims(person: DevPerson, scopes: readonly string[]): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = { sub: person.subject };
  if (scopes.includes('email')) {
    claims.email = person.email;
    claims.email_verified = person.emailVerified;
  }
  if (scopes.includes('profile') && person.name !== null) {
    claims.name = person.name;
    Object.assign(claims, nameParts(person.name));
  }
  return claims;
}

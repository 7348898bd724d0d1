/**
 * @module dev-oidc-remembered-person — the development issuer prefills its form with the name and
 * address typed last in this browser, as a real provider remembers who is signed in.
 */
import { DEV_OIDC_PATH } from './dev-oidc-issuer.js';
import { type DevPerson, MAX_DEV_NAME_LENGTH } from './dev-oidc-person.js';

const COOKIE = 'lk_dev_oidc_person';
/** 30 days. */
const MAX_AGE_SECONDS = 30 * 24 * 3600;

/** `Set-Cookie` keeping `person`'s name and address for the next visit (only this issuer's pages see it). */
export function rememberPersonCookie(person: DevPerson): string {
  const value = Buffer.from(JSON.stringify({ name: person.name ?? '', email: person.email })).toString(
    'base64url',
  );
  return `${COOKIE}=${value}; Path=${DEV_OIDC_PATH}; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_SECONDS}`;
}

/** The remembered name and address, or undefined when the cookie is absent or not ours. */
export function rememberedPerson(
  cookieHeader: string | undefined,
): { name: string; email: string } | undefined {
  const raw = cookieHeader
    ?.split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw || raw.length > 1024) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { name, email } = parsed;
    if (typeof name !== 'string' || typeof email !== 'string') return undefined;
    return { name: name.slice(0, MAX_DEV_NAME_LENGTH), email: email.slice(0, 254) };
  } catch {
    return undefined;
  }
}

/** @module identity-claims — maps upstream claims (ID token or user API) to an UpstreamIdentity. */
import type { IdTokenClaims } from './id-token.js';
import type { AppleUser, UpstreamIdentity } from './identity.js';
import type { OAuthProviderType } from './provider-types.js';

const text = (value: unknown, max = 256): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** `Ada Lovelace` → Ada, Lovelace; one word is a first name only. */
export function splitFullName(name: unknown): { firstName: string | null; lastName: string | null } {
  const full = text(name);
  if (!full) return { firstName: null, lastName: null };
  const space = full.search(/\s/);
  if (space < 0) return { firstName: full, lastName: null };
  return { firstName: full.slice(0, space), lastName: text(full.slice(space)) };
}

/** An address as an upstream reports it, or null when it is not one (max 254, RFC 5321 §4.5.3.1.3). */
export function upstreamEmail(value: unknown): string | null {
  const email = text(value, 255);
  return email && email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/** Only http(s) pictures, so a `javascript:` or `data:` URL never reaches a page. */
function pictureUrl(value: unknown): string | null {
  const url = text(value, 2048);
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** Maps verified ID-token claims (OpenID Connect Core §5.1) to an identity. */
export function identityFromClaims(
  providerType: OAuthProviderType,
  claims: IdTokenClaims,
  appleUser?: AppleUser,
): UpstreamIdentity {
  const email = upstreamEmail(claims.email);
  const fromName = splitFullName(claims.name);
  const appleName = providerType === 'apple' ? appleUser?.name : undefined;
  return {
    providerType,
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: email !== null && isVerified(providerType, claims),
    firstName: text(appleName?.firstName) ?? text(claims.given_name) ?? fromName.firstName,
    lastName: text(appleName?.lastName) ?? text(claims.family_name) ?? fromName.lastName,
    pictureUrl: pictureUrl(claims.picture),
    locale: text(claims.locale, 35),
  };
}

function isVerified(providerType: OAuthProviderType, claims: IdTokenClaims): boolean {
  // Apple sends the boolean as the string "true".
  if (claims.email_verified === true || claims.email_verified === 'true') return true;
  // Microsoft's `email` is editable by tenant admins and carries no email_verified; only the
  // optional `xms_edov` claim says the domain's owner verified it (the "nOAuth" advisory).
  return providerType === 'microsoft' && (claims.xms_edov === true || claims.xms_edov === '1');
}

/** Maps a non-OpenID user API answer that uses the OpenID claim names, with `id` for a missing `sub`. */
export function identityFromUserinfo(
  providerType: OAuthProviderType,
  issuer: string,
  subject: string,
  info: Record<string, unknown>,
): UpstreamIdentity {
  const email = upstreamEmail(info.email);
  const fromName = splitFullName(info.name);
  return {
    providerType,
    issuer,
    subject,
    email,
    emailVerified: email !== null && (info.email_verified === true || info.email_verified === 'true'),
    firstName: text(info.given_name) ?? fromName.firstName,
    lastName: text(info.family_name) ?? fromName.lastName,
    pictureUrl: pictureUrl(info.picture ?? info.avatar_url),
    locale: text(info.locale, 35),
  };
}

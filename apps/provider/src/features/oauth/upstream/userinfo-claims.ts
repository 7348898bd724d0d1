/**
 * @module userinfo-claims — when an ID token needs the userinfo answer, and how the two combine:
 * OpenID Connect Core §5.4 lets a provider release the profile and address only from userinfo.
 */
import type { IdTokenClaims } from './id-token.js';
import type { OAuthProviderType } from './provider-types.js';

/** The profile claims the provider uses besides the address; each is taken from userinfo when the ID token lacks it. */
const PROFILE_CLAIMS = ['name', 'given_name', 'family_name', 'picture', 'locale'] as const;

/** Whether the ID token leaves out the address, its verification, or every form of the name. */
export function lacksProfileClaims(providerType: OAuthProviderType, claims: IdTokenClaims): boolean {
  if (claims.email === undefined) return true;
  // Microsoft never sends email_verified (its xms_edov says it) and its userinfo has none either.
  if (claims.email_verified === undefined && providerType !== 'microsoft') return true;
  return claims.name === undefined && claims.given_name === undefined && claims.family_name === undefined;
}

/**
 * The ID token's claims, completed from userinfo; the ID token wins where both have a claim.
 * The address and `email_verified` travel together: a verification is only ever taken for the
 * address it was given with, so userinfo cannot vouch for an address the ID token named
 * differently (SECURITY C6 links by verified address).
 */
export function mergeUserinfoClaims(claims: IdTokenClaims, userinfo: Record<string, unknown>): IdTokenClaims {
  const merged: IdTokenClaims = { ...claims };
  for (const name of PROFILE_CLAIMS) {
    if (merged[name] === undefined && userinfo[name] !== undefined) merged[name] = userinfo[name];
  }
  if (claims.email === undefined) {
    if (userinfo.email !== undefined) {
      merged.email = userinfo.email;
      merged.email_verified = userinfo.email_verified;
    }
  } else if (claims.email_verified === undefined && sameAddress(claims.email, userinfo.email)) {
    merged.email_verified = userinfo.email_verified;
  }
  return merged;
}

function sameAddress(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

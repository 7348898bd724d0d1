/**
 * @module dev-oidc-grants — what the development issuer hands out after a consent: authorization
 * codes (60 s, single use) and the access tokens they buy (an hour), both in memory.
 */
import type { Clock } from '../../clock.js';
import type { Random } from '../../random.js';
import type { DevAuthorizationRequest } from './dev-oidc-authorization-request.js';
import type { DevPerson } from './dev-oidc-person.js';
import { DEV_CODE_LIFETIME_MS, DEV_CONSENT_LIFETIME_MS, DEV_TOKEN_LIFETIME_S } from './dev-oidc-policy.js';
import { createExpiringStore, type ExpiringStore } from './dev-oidc-store.js';

/** A code between the consent and its redemption. */
export interface IssuedCode {
  request: DevAuthorizationRequest;
  person: DevPerson;
  /** Seconds since the epoch, the ID token's `auth_time`. */
  authTime: number;
  /** Set once redeemed: a second redemption revokes this token (RFC 6749 §4.1.2). */
  redeemedAs?: string;
}

/** What an access token lets the userinfo endpoint release. */
export interface AccessGrant {
  clientId: string;
  person: DevPerson;
  scopes: string[];
}

/** The issuer's three short-lived record kinds. */
export interface DevOidcGrants {
  /** Authorization requests waiting on the consent form. */
  consents: ExpiringStore<DevAuthorizationRequest>;
  codes: ExpiringStore<IssuedCode>;
  accessTokens: ExpiringStore<AccessGrant>;
}

/** Creates empty stores; a few thousand records at most, whatever callers do. */
export function createDevOidcGrants(deps: { clock: Clock; random: Random }): DevOidcGrants {
  return {
    consents: createExpiringStore({ ...deps, ttlMs: DEV_CONSENT_LIFETIME_MS, maxEntries: 1000 }),
    codes: createExpiringStore({ ...deps, ttlMs: DEV_CODE_LIFETIME_MS, maxEntries: 1000 }),
    accessTokens: createExpiringStore({ ...deps, ttlMs: DEV_TOKEN_LIFETIME_S * 1000, maxEntries: 1000 }),
  };
}

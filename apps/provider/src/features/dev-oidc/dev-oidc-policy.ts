/** @module dev-oidc-policy — the development issuer's lifetimes: codes, tokens, consent. */

/** SECURITY §2 "OAuth authorization code": 60 s, single use. */
export const DEV_CODE_LIFETIME_MS = 60_000;

/** Access and ID tokens live an hour, as Google's do. */
export const DEV_TOKEN_LIFETIME_S = 3600;

/** A consent form left open longer than this is started again. */
export const DEV_CONSENT_LIFETIME_MS = 10 * 60_000;

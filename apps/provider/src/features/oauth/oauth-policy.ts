/** @module oauth-policy — the OAuth feature's limits and lifetimes: states, tokens, PKCE failures. */

/** docs/contracts.md: a state lives 10 minutes. */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;

/** docs/contracts.md: 10 minutes. */
export const OAUTH_TOKEN_LIFETIME_MS = 10 * 60_000;

/** SECURITY H1: the fifth failed PKCE attempt kills the token (as magic links). */
export const MAX_OAUTH_PKCE_FAILURES = 5;

/** As long as the state row lives: 10 minutes. */
export const STATE_COOKIE_MAX_AGE_SECONDS = 600;

/** Apple accepts up to six months; a secret used once right away needs minutes. */
export const APPLE_CLIENT_SECRET_LIFETIME_S = 5 * 60;

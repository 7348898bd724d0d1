/** @module magic-link-policy — the magic-link feature's limits (a link's lifetime is per request or project: expiration minutes). */

/** SECURITY H1: the fifth failed PKCE attempt kills the token. */
export const MAX_PKCE_FAILURES = 5;

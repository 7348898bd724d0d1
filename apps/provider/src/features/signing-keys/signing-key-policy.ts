/** @module signing-key-policy — the lifetime of what the key ring signs; a retired key is published as long as a JWT it signed may live. */

/** docs/contracts.md: a session JWT lives at most 5 minutes. */
export const SESSION_JWT_LIFETIME_SECONDS = 300;

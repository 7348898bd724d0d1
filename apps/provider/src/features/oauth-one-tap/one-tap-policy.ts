/** @module one-tap-policy — the One Tap feature's lifetimes. */

/** docs/contracts.md: a callback id lives 10 minutes. */
export const ONE_TAP_CALLBACK_LIFETIME_MS = 10 * 60_000;

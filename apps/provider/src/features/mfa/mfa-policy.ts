/** @module mfa-policy — multi-factor sign-in's limits and lifetimes: failures per IST, attempts per user, the lasting lock's cap, how long an IST waits. */

/** SECURITY A6: the fifth failed attempt on one IST (TOTP, recovery and SMS codes together) revokes it. */
export const MAX_SECOND_FACTOR_FAILURES = 5;

/**
 * Second-factor attempts per user across all of their ISTs and sessions: an attacker who knows
 * the password can mint ISTs at will, so the per-IST counter alone would not bound guessing.
 */
export const SECOND_FACTOR_ATTEMPTS_PER_USER = { limit: 10, windowSeconds: 300 } as const;

/** Consecutive failed second factors of one user after which every further one is refused (NIST: at most 100). */
export const SECOND_FACTOR_CAP = 100;

/** How long an IST waits for its second factor (docs/contracts.md "Multi-factor policy"). */
export const INTERMEDIATE_SESSION_MINUTES = 10;

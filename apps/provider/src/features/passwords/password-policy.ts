/** @module password-policy — the password feature's limits and lifetimes: login lockout, reset links, strength and length. */

/**
 * Consecutive failures on an address after which its account's password sign-in is locked
 * until the owner proves an address (password-lock.ts); the counter itself still ages out.
 */
export const HARD_CAP = 100;

/** The login delay after failures on an address starts at this and grows up to MAX_DELAY_SECONDS (login-lockout.ts). */
export const FIRST_DELAY_SECONDS = 30;

/** The longest login delay, seconds. */
export const MAX_DELAY_SECONDS = 15 * 60;

/** A login failure older than this no longer counts (Keycloak's maxDeltaTime, 12 h). */
export const WINDOW_MS = 12 * 60 * 60 * 1000;

/** Default and largest reset-token lifetime, minutes (SECURITY §2: 30 min). */
export const RESET_DEFAULT_MINUTES = 30;

/** zxcvbn scores at or above this are strong enough (Stytch's default). */
export const MIN_ZXCVBN_SCORE = 3;

/** The longest password accepted, in code points after NFKC (SECURITY §2 "Password maximum"). */
export const MAX_PASSWORD_CODE_POINTS = 1024;

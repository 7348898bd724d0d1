/** @module console-policy — the console's session lengths, step-up window and invite lifetime (docs/provider-api.md "Console"). */

/** A console session ends after this long without an operator call. */
export const CONSOLE_IDLE_MINUTES = 30;
/** …and this long after sign-in whatever happens. */
export const CONSOLE_MAX_MINUTES = 12 * 60;
/** How recent a factor must be for a destructive change (step-up.ts). */
export const STEP_UP_WINDOW_MINUTES = 5;
/** How long an invite link works. */
export const CONSOLE_INVITE_DAYS = 7;

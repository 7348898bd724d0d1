/** @module secret-rotation-policy — how long a replaced project secret is still accepted after a rotation. */

/** When the rotation names none: a day, time to roll the new secret out to every server. */
export const DEFAULT_SECRET_GRACE_MINUTES = 24 * 60;
/** The longest a rotation may ask for: a week. */
export const MAX_SECRET_GRACE_MINUTES = 7 * 24 * 60;

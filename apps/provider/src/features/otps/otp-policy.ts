/** @module otp-policy — the passcode feature's limits: attempts per code and the lasting lock's cap (a code's lifetime is per project: otp expiration minutes). */

/** SECURITY A1: the fifth evaluated attempt is the last one a code gets. */
export const MAX_OTP_ATTEMPTS = 5;

/** Consecutive wrong passcodes for one destination after which every further one is refused (NIST: at most 100). */
export const PASSCODE_CAP = 100;

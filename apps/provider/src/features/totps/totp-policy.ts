/** @module totp-policy — the TOTP feature's lifetimes. */

/** docs/contracts.md "TOTP": an enrolment waits this long for its first code unless the call says otherwise. */
export const DEFAULT_ENROLMENT_MINUTES = 30;

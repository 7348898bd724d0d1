/** @module machine/otp-code — the shape of a one-time code: passcodes, texted and authenticator-app codes. */

/** Spec §9: one-time passcodes have 6 digits; so do authenticator apps' codes (RFC 6238, contracts.md). */
export const OTP_LENGTH = 6;

/** Exactly six digits. */
export const OTP_CODE: RegExp = /^\d{6}$/;

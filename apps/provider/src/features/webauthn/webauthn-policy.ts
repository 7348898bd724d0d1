/** @module webauthn-policy — the passkey feature's limits and lifetimes. */

/** A user keeps at most this many passkeys: bounds the user object and the exclude list. */
export const MAX_REGISTRATIONS_PER_USER = 50;

/** SECURITY §2 / WebAuthn L3 §15.1: the ceremony timeout and the challenge lifetime, 5 minutes. */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;

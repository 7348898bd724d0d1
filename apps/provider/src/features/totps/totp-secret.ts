/** @module totp-secret — RFC 6238 codes (SHA-1, 6 digits, 30 s): new secrets, the key URI and matching a code to its time step; wraps otpauth. */
import { Secret, TOTP } from 'otpauth';
import type { Random } from '../../random.js';

/** 160-bit secrets, the size RFC 4226 §4 recommends for HMAC-SHA-1 (R6). */
const SECRET_BYTES = 20;
/** ±1 time step of clock drift between the phone and the server (RFC 6238 §5.2). */
const WINDOW = 1;

function totpOf(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

/** A new secret in base32 (32 characters), from the injected CSPRNG. */
export function mintTotpSecret(random: Random): string {
  return new Secret({ buffer: Uint8Array.from(random.bytes(SECRET_BYTES)).buffer }).base32;
}

/** `otpauth://totp/{issuer}:{label}?issuer=…&secret=…&algorithm=SHA1&digits=6&period=30` (Key URI Format). */
export function totpKeyUri(input: { secret: string; issuer: string; label: string }): string {
  return totpOf(input.secret, input.label, input.issuer).toString();
}

/**
 * The time step whose code is `code` at `now` (within ±1 step), or null when it matches none.
 * The caller stores the step and refuses any later code of the same or an earlier step, so a
 * code works once (RFC 6238 §5.2, SECURITY B4).
 */
export function matchingTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpOf(secretBase32);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

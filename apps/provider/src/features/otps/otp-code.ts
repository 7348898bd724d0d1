/** @module otp-code — minting 6-digit passcodes (CSPRNG, no modulo bias) and checking them against salted HMACs. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Random } from '../../random.js';

/** Digits per code (SECURITY §2: 6 digits, ≈20 bits). */
export const OTP_DIGITS = 6;

const SPACE = 10 ** OTP_DIGITS;
/** The largest multiple of 10⁶ below 2³²: values at or above it are drawn again, so every code is equally likely. */
const ACCEPT_BELOW = Math.floor(2 ** 32 / SPACE) * SPACE;

/** Draws a uniformly random 6-digit code, leading zeros kept (`"004217"`). */
export function mintOtpCode(random: Random): string {
  for (;;) {
    const bytes = random.bytes(4);
    const value =
      (((bytes[0] as number) << 24) |
        ((bytes[1] as number) << 16) |
        ((bytes[2] as number) << 8) |
        (bytes[3] as number)) >>>
      0;
    // Rejection sampling: 4 294 967 296 is not a multiple of 10⁶, so `value % 10⁶` alone would favour low codes.
    if (value < ACCEPT_BELOW) return String(value % SPACE).padStart(OTP_DIGITS, '0');
  }
}

/** The stored form of a code: HMAC-SHA-256 keyed by a per-code random salt (SECURITY B10). */
export interface OtpCodeDigest {
  codeHash: string;
  salt: string;
}

function hmac(code: string, salt: string, methodId: string): Buffer {
  // The method id is mixed in so a stored digest is only ever good for its own method.
  return createHmac('sha256', Buffer.from(salt, 'base64url')).update(`${methodId}\0${code}`).digest();
}

/** Digests `code` for `methodId` under a fresh 16-byte salt. */
export function digestOtpCode(random: Random, code: string, methodId: string): OtpCodeDigest {
  const salt = Buffer.from(random.bytes(16)).toString('base64url');
  return { codeHash: hmac(code, salt, methodId).toString('base64url'), salt };
}

/** Whether `code` is the one `digest` was made from, compared in constant time. */
export function otpCodeMatches(code: string, digest: OtpCodeDigest, methodId: string): boolean {
  const expected = Buffer.from(digest.codeHash, 'base64url');
  const actual = hmac(code, digest.salt, methodId);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

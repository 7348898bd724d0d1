/** @module recovery-codes — the ten single-use codes issued with a TOTP: `xxxx-xxxx-xxxx` in lowercase base32 (60 bits each). */
import { hashToken } from '../../crypto/tokens.js';
import type { Random } from '../../random.js';

/** How many codes one issue gives (docs/contracts.md "TOTP"). */
export const RECOVERY_CODE_COUNT = 10;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** `count` fresh codes from the CSPRNG; 32 divides 256, so `byte & 31` picks every letter equally often. */
export function mintRecoveryCodes(random: Random, count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const letters = Array.from(random.bytes(GROUPS * GROUP_LENGTH), (byte) => ALPHABET[byte & 31]).join('');
    return letters.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))?.join('-') ?? '';
  });
}

/**
 * The canonical form of a typed code (case, spaces and dashes do not matter), or null when it
 * cannot be a code at all.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const letters = typed.toLowerCase().replace(/[\s-]/g, '');
  if (letters.length !== GROUPS * GROUP_LENGTH || ![...letters].every((c) => ALPHABET.includes(c)))
    return null;
  return letters.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))?.join('-') ?? null;
}

/** The stored form of a canonical code (SHA-256; the plaintext exists only in the response that issued it). */
export function hashRecoveryCode(code: string): string {
  return hashToken(code);
}

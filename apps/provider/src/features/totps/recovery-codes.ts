/**
 * @module recovery-codes — the ten single-use codes issued with a TOTP: `xxxx-xxxx-xxxx` in
 * lowercase base32 (60 bits each), the first letter distinct within a set (the selector).
 */
import type { Random } from '../../random.js';

/** How many codes one issue gives (docs/contracts.md "TOTP"). */
export const RECOVERY_CODE_COUNT = 10;

/** RFC 4648 base32 in lowercase: no 0/1/8/9, so nothing reads as o, l, b or g on paper. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** Letters per code, shown as three groups of four. */
export const RECOVERY_CODE_LENGTH = 12;
const GROUP_LENGTH = 4;

/**
 * Draws allowed for one set before the random source is declared broken. A CSPRNG needs about
 * 12 draws for 10 distinct first letters; 1 000 fail with a chance far below 2^-1000.
 */
const MAX_DRAWS = 1_000;

const grouped = (letters: string) => letters.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))?.join('-') ?? '';

/**
 * `count` fresh codes from the CSPRNG (32 divides 256, so `byte & 31` picks every letter equally
 * often). A code whose first letter another code of the set already has is drawn again, so each
 * typed code names the one stored row it can match (recovery-code-at-rest.ts).
 */
export function mintRecoveryCodes(random: Random, count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Map<string, string>();
  for (let draw = 0; codes.size < count; draw++) {
    if (draw === MAX_DRAWS) throw new Error('the random source repeats itself: no distinct recovery codes');
    const bytes = random.bytes(RECOVERY_CODE_LENGTH);
    const letters = Array.from(bytes, (byte) => RECOVERY_CODE_ALPHABET[byte & 31]).join('');
    const selector = recoveryCodeSelector(letters);
    if (!codes.has(selector)) codes.set(selector, grouped(letters));
  }
  return [...codes.values()];
}

/**
 * The canonical form of a typed code (case, spaces and dashes do not matter), or null when it
 * cannot be a code at all.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const letters = typed.toLowerCase().replace(/[\s-]/g, '');
  if (
    letters.length !== RECOVERY_CODE_LENGTH ||
    ![...letters].every((c) => RECOVERY_CODE_ALPHABET.includes(c))
  )
    return null;
  return grouped(letters);
}

/** The non-secret part of a canonical code: its first letter. */
export function recoveryCodeSelector(code: string): string {
  return code.slice(0, 1);
}

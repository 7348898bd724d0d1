/**
 * @module phpass-hashes — imported phpass "portable" hashes (`$P$` and `$H$`: WordPress, phpBB,
 * Drupal 7's older form). The scheme: MD5 of salt and password, then 2^n rounds of MD5 of the
 * previous digest and the password, written in phpass's own base64 alphabet. Small and fixed,
 * so written here; node:crypto does the MD5.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const STORED = /^\$[PH]\$([./0-9A-Za-z])([./0-9A-Za-z]{8})[./0-9A-Za-z]{22}$/;

/**
 * phpass allows 2^7…2^30 rounds. The check runs on the event loop (MD5 rounds cannot leave it
 * cheaply), so more than 2^16 (tens of milliseconds) is not imported; WordPress uses 2^13.
 */
export const MAX_PHPASS_LOG2_ROUNDS = 16;
const MIN_PHPASS_LOG2_ROUNDS = 7;

/** Whether `stored` is a portable phpass hash whose rounds this provider checks. */
export function isPhpassHash(stored: string): boolean {
  const match = STORED.exec(stored);
  if (!match) return false;
  const log2 = ITOA64.indexOf(match[1] ?? '');
  return log2 >= MIN_PHPASS_LOG2_ROUNDS && log2 <= MAX_PHPASS_LOG2_ROUNDS;
}

/** phpass's base64: little-endian groups of three bytes, six bits at a time. */
function encode64(input: Buffer, count: number): string {
  let output = '';
  let i = 0;
  while (i < count) {
    let value = input[i++] ?? 0;
    output += ITOA64[value & 0x3f];
    if (i < count) value |= (input[i] ?? 0) << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= count) break;
    if (i < count) value |= (input[i] ?? 0) << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= count) break;
    output += ITOA64[(value >> 18) & 0x3f];
  }
  return output;
}

/** Whether `password` is the one the phpass hash `stored` was made from. */
export function phpassMatches(stored: string, password: string): boolean {
  if (!isPhpassHash(stored)) return false;
  const rounds = 2 ** ITOA64.indexOf(stored[3] ?? '');
  const salt = stored.slice(4, 12);
  const secret = Buffer.from(password, 'utf8');
  let digest = createHash('md5').update(salt, 'utf8').update(secret).digest();
  for (let round = 0; round < rounds; round++)
    digest = createHash('md5').update(digest).update(secret).digest();
  const computed = Buffer.from(stored.slice(0, 12) + encode64(digest, 16), 'utf8');
  return timingSafeEqual(computed, Buffer.from(stored, 'utf8'));
}

/**
 * @module pbkdf2-hashes — imported PBKDF2-HMAC password hashes (the hosted provider's `pbkdf_2`
 * migration: SHA-256 or SHA-512, its salt and iteration count). Stored in the PHC-like form
 * `$pbkdf2-<digest>$i=<iterations>$<salt>$<hash>` (unpadded base64).
 */
import { pbkdf2, timingSafeEqual } from 'node:crypto';
import { storedHashFields, unpadded } from './stored-hash-fields.js';

export type Pbkdf2Digest = 'sha256' | 'sha512';

/** At most this many iterations: one login check stays well under a second on one core. */
export const MAX_PBKDF2_ITERATIONS = 2_000_000;

export interface Pbkdf2Hash {
  digest: Pbkdf2Digest;
  iterations: number;
  salt: Buffer;
  hash: Buffer;
}

const STORED = /^\$pbkdf2-(sha256|sha512)\$i=(\d{1,7})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** The stored form. */
export function formatPbkdf2Hash(value: Pbkdf2Hash): string {
  return `$pbkdf2-${value.digest}$i=${value.iterations}$${unpadded(value.salt)}$${unpadded(value.hash)}`;
}

/** The parts of a stored PBKDF2 hash within the limits, or undefined. */
export function parsePbkdf2Hash(stored: string): Pbkdf2Hash | undefined {
  const fields = storedHashFields<Pbkdf2Digest>(STORED, stored);
  if (!fields) return undefined;
  const [digest, iterations, salt, hash] = fields;
  const value = {
    digest,
    iterations: Number(iterations),
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
  const sane = value.iterations >= 1 && value.iterations <= MAX_PBKDF2_ITERATIONS && value.hash.length >= 16;
  return sane ? value : undefined;
}

/** Whether `password` is the one `value` was made from (off the event loop). */
export function pbkdf2Matches(value: Pbkdf2Hash, password: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    pbkdf2(password, value.salt, value.iterations, value.hash.length, value.digest, (error, key) => {
      if (error) reject(error);
      else resolve(timingSafeEqual(key, value.hash));
    });
  });
}

/**
 * @module salted-digest-hashes — imported password hashes that are one salted digest: MD5, SHA-1
 * or SHA-512 of `prepend_salt + password + append_salt` (the hosted provider's `md_5`, `sha_1`,
 * `sha_512` migrations). Weak by today's standards, which is why a successful login replaces one
 * with argon2id at once. Stored as `$digest-<alg>$<prepend>$<append>$<hex>` (salts base64url).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { storedHashFields } from './stored-hash-fields.js';

export type DigestAlgorithm = 'md5' | 'sha1' | 'sha512';

/** The hex length of each algorithm's digest. */
export const DIGEST_HEX_LENGTH: Record<DigestAlgorithm, number> = { md5: 32, sha1: 40, sha512: 128 };

export interface SaltedDigestHash {
  algorithm: DigestAlgorithm;
  prependSalt: string;
  appendSalt: string;
  digest: Buffer;
}

const STORED = /^\$digest-(md5|sha1|sha512)\$([A-Za-z0-9_-]*)\$([A-Za-z0-9_-]*)\$([0-9a-f]+)$/;

const encodeSalt = (salt: string) => Buffer.from(salt, 'utf8').toString('base64url');
const decodeSalt = (salt: string) => Buffer.from(salt, 'base64url').toString('utf8');

/** The stored form. */
export function formatSaltedDigestHash(value: SaltedDigestHash): string {
  return `$digest-${value.algorithm}$${encodeSalt(value.prependSalt)}$${encodeSalt(value.appendSalt)}$${value.digest.toString('hex')}`;
}

/** The parts of a stored salted digest, or undefined when `stored` is not one. */
export function parseSaltedDigestHash(stored: string): SaltedDigestHash | undefined {
  const fields = storedHashFields<DigestAlgorithm>(STORED, stored);
  if (!fields) return undefined;
  const [algorithm, prepend, append, hex] = fields;
  if (hex.length !== DIGEST_HEX_LENGTH[algorithm]) return undefined;
  return {
    algorithm,
    prependSalt: decodeSalt(prepend),
    appendSalt: decodeSalt(append),
    digest: Buffer.from(hex, 'hex'),
  };
}

/** Whether `password` is the one `value` was made from. */
export function saltedDigestMatches(value: SaltedDigestHash, password: string): boolean {
  const computed = createHash(value.algorithm)
    .update(`${value.prependSalt}${password}${value.appendSalt}`, 'utf8')
    .digest();
  return timingSafeEqual(computed, value.digest);
}

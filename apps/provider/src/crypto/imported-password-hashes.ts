/**
 * @module imported-password-hashes — checking password hashes made by another system and imported
 * with `POST /v1/passwords/migrate`: bcrypt (`$2a$`, `$2b$`, `$2y$`), scrypt (`$scrypt$…`),
 * PBKDF2, phpass and the salted MD5/SHA-1/SHA-512 digests (their own modules); argon2 PHC strings
 * are the hasher's own format. A successful login replaces an imported hash
 * with an argon2id one (the hasher's `needsRehash` is true for anything else).
 */
import { scrypt, timingSafeEqual } from 'node:crypto';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';
import { parsePbkdf2Hash, pbkdf2Matches } from './pbkdf2-hashes.js';
import { isPhpassHash, phpassMatches } from './phpass-hashes.js';
import { parseSaltedDigestHash, saltedDigestMatches } from './salted-digest-hashes.js';
import { unpadded } from './stored-hash-fields.js';

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const SCRYPT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** The most memory one scrypt check may take (128 · N · r bytes): 256 MiB. */
export const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

/** scrypt parameters and values, as stored. */
export interface ScryptHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/** The stored form of a scrypt hash: `$scrypt$ln=…,r=…,p=…$<salt>$<hash>` (unpadded base64). */
export function formatScryptHash(value: ScryptHash): string {
  return `$scrypt$ln=${value.logN},r=${value.r},p=${value.p}$${unpadded(value.salt)}$${unpadded(value.hash)}`;
}

/** The parts of a stored scrypt hash, or undefined when `stored` is not one this module can check. */
export function parseScryptHash(stored: string): ScryptHash | undefined {
  const match = SCRYPT.exec(stored);
  if (!match) return undefined;
  const [, ln, r, p, salt, hash] = match;
  const value = {
    logN: Number(ln),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt ?? '', 'base64'),
    hash: Buffer.from(hash ?? '', 'base64'),
  };
  const memory = 128 * 2 ** value.logN * value.r;
  const sane = value.logN >= 1 && value.logN <= 20 && value.r >= 1 && value.p >= 1 && value.hash.length >= 16;
  return sane && memory <= MAX_SCRYPT_MEMORY ? value : undefined;
}

/** Whether `stored` is a bcrypt hash. */
export function isBcryptHash(stored: string): boolean {
  return BCRYPT.test(stored);
}

function scryptMatches(value: ScryptHash, password: string): Promise<boolean> {
  const N = 2 ** value.logN;
  const maxmem = 128 * N * value.r * value.p + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password, value.salt, value.hash.length, { N, r: value.r, p: value.p, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(timingSafeEqual(key, value.hash));
    });
  });
}

/**
 * Checks `password` against an imported hash: a promise of the answer for one of the imported
 * formats, undefined for any other format (the hasher's own argon2 check applies).
 */
export function verifyImportedHash(stored: string, password: string): Promise<boolean> | undefined {
  if (isBcryptHash(stored)) return verifyBcrypt(password, stored);
  const scryptHash = parseScryptHash(stored);
  if (scryptHash) return scryptMatches(scryptHash, password);
  const pbkdf2Hash = parsePbkdf2Hash(stored);
  if (pbkdf2Hash) return pbkdf2Matches(pbkdf2Hash, password);
  if (isPhpassHash(stored)) return Promise.resolve(phpassMatches(stored, password));
  const digest = parseSaltedDigestHash(stored);
  return digest ? Promise.resolve(saltedDigestMatches(digest, password)) : undefined;
}

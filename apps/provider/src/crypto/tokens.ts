/** @module tokens — single-use and session tokens: CSPRNG bytes as unpadded base64url, stored hashed. */
import type { Random } from '../random.js';
import { sha256Base64url } from './hash.js';

/** A freshly minted secret and the hash that is stored in its place. */
export interface MintedToken {
  token: string;
  hash: string;
}

/**
 * Mints a token of `bytes` random bytes (SECURITY D8: CSPRNG, ≥128 bits) and its SHA-256 hash.
 * 32 bytes give 43 characters; magic links use 33 bytes so the token is exactly the 44
 * base64url characters docs/contracts.md promises.
 */
export function mintToken(random: Random, bytes = 32): MintedToken {
  const token = Buffer.from(random.bytes(bytes)).toString('base64url');
  return { token, hash: sha256Base64url(token) };
}

/** The stored form of a presented token. */
export function hashToken(token: string): string {
  return sha256Base64url(token);
}

/** @module internal/pkce — PKCE pairs (RFC 7636, S256) stored per flow namespace in localStorage. */

import { LatchkeyError } from '../errors.js';
import type { Logger, RandomValues, StorageLike } from '../options.js';
import { encodeBase64Url } from './base64url.js';
import { readJson, removeKey, subKey, writeJson } from './storage-keys.js';

/** The flows that keep their own pair. */
export type PkceNamespace = 'magic_links' | 'passwords' | 'oauth';

/** A stored pair, as the wire keeps it (`client-state.md#pkce`). */
export interface PkcePair {
  code_challenge: string;
  code_verifier: string;
}

/**
 * 16 random 32-bit values, each as lowercase hex without padding, concatenated: 16–128 chars,
 * nearly always 120–128, all in RFC 7636's unreserved set (wire `client-state.md#pkce`).
 */
export function createCodeVerifier(random: RandomValues): string {
  const values = new Uint32Array(16);
  random(values);
  return Array.from(values, (value) => value.toString(16)).join('');
}

/** S256: base64url (no padding) of SHA-256 over the verifier's ASCII bytes (RFC 7636 §4.2). */
export async function computeCodeChallenge(
  verifier: string,
  subtle: SubtleCrypto | undefined,
): Promise<string> {
  if (!subtle) {
    throw new LatchkeyError(
      'crypto_unavailable',
      'PKCE needs crypto.subtle (a secure context: https or localhost)',
    );
  }
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return encodeBase64Url(new Uint8Array(digest));
}

function isPkcePair(value: unknown): value is PkcePair {
  if (typeof value !== 'object' || value === null) return false;
  const pair = value as Record<string, unknown>;
  return typeof pair.code_challenge === 'string' && typeof pair.code_verifier === 'string';
}

/** Dependencies of the pair store. */
export interface PkceStoreDeps {
  publicToken: string;
  storage: StorageLike;
  random: RandomValues;
  subtle: SubtleCrypto | undefined;
  logger: Logger;
}

/** Stored PKCE pairs: reused while stored, cleared after a successful authenticate. */
export class PkceStore {
  readonly #deps: PkceStoreDeps;

  constructor(deps: PkceStoreDeps) {
    this.#deps = deps;
  }

  #key(namespace: PkceNamespace): string {
    return subKey(this.#deps.publicToken, `PKCE_VERIFIER:${namespace}`);
  }

  /** The stored pair, or null. A malformed entry is warned about and removed. */
  get(namespace: PkceNamespace): PkcePair | null {
    const key = this.#key(namespace);
    const stored = readJson(this.#deps.storage, key);
    if (stored === undefined || stored === null) return null;
    if (isPkcePair(stored))
      return { code_challenge: stored.code_challenge, code_verifier: stored.code_verifier };
    this.#deps.logger.warn(
      `Latchkey: ignoring a malformed stored PKCE pair under ${key}; a new one will be made`,
    );
    removeKey(this.#deps.storage, key);
    return null;
  }

  /** The stored pair, or a new stored one (magic links and password resets share one while pending). */
  async getOrCreate(namespace: PkceNamespace): Promise<PkcePair> {
    return this.get(namespace) ?? this.create(namespace);
  }

  /** Always a fresh pair, replacing any stored one (OAuth starts). */
  async create(namespace: PkceNamespace): Promise<PkcePair> {
    const code_verifier = createCodeVerifier(this.#deps.random);
    const code_challenge = await computeCodeChallenge(code_verifier, this.#deps.subtle);
    const pair = { code_challenge, code_verifier };
    writeJson(this.#deps.storage, this.#key(namespace), pair);
    return pair;
  }

  /** Forgets the namespace's pair. */
  clear(namespace: PkceNamespace): void {
    removeKey(this.#deps.storage, this.#key(namespace));
  }
}

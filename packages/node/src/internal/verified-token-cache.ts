/** @module internal/verified-token-cache — session JWTs already verified, so a repeat skips the signature check. */

import { hash } from 'node:crypto';
import type { CompactJWSHeaderParameters, FlattenedJWSInput } from 'jose';

/**
 * What one successful verification established. Only successes are ever stored: a token that
 * failed is verified again in full every time it is presented.
 */
export interface VerifiedToken {
  /** The claims as the signed bytes said them; parsed afresh on each hit so callers get their own objects. */
  payloadText: string;
  /** The numeric time claims, checked against the clock on every hit. */
  exp: number;
  nbf: number | undefined;
  iat: number | undefined;
  /** What the JWKS resolver is asked on each hit, and the key it answered with at verification. */
  header: CompactJWSHeaderParameters;
  keyInput: FlattenedJWSInput;
  key: unknown;
}

/** The per-call time options, as jose takes them (seconds). */
export interface TimeCheck {
  nowSeconds: number;
  clockTolerance: number;
  maxTokenAge: number | undefined;
}

/**
 * A bounded map from the SHA-256 of a token to what verifying it established, least recently
 * used first out.
 *
 * Keyed by the hash, not the token: a token is a bearer credential for up to 5 minutes, and
 * keeping thousands of them in memory would hand them to anything that can read the heap (a
 * snapshot, a core dump); a digest cannot be replayed. It also bounds the key at 43 characters
 * whatever the token's size. Any change to a token, signature included, changes its digest, so
 * a tampered copy of a cached token is a miss and gets the full check.
 */
export class VerifiedTokenCache {
  readonly #maxEntries: number;
  readonly #entries = new Map<string, VerifiedToken>();

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get enabled(): boolean {
    return this.#maxEntries > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  static keyOf(jwt: string): string {
    return hash('sha256', jwt, 'base64url');
  }

  get(key: string): VerifiedToken | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: VerifiedToken): void {
    if (!this.enabled) return;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

/**
 * Whether jose's own time checks (jwt_claims_set.js) would pass for these claims at this moment,
 * with the same arithmetic: `nbf > now + tolerance` is not yet valid, `exp <= now - tolerance` is
 * expired, and with a max age `now - iat` must lie within [-tolerance, maxAge + tolerance]. A hit
 * that fails any of them is not refused here: it is verified in full, so the refusal and its code
 * come from jose as for any other token.
 */
export function passesTimeChecks(entry: VerifiedToken, check: TimeCheck): boolean {
  const { nowSeconds, clockTolerance, maxTokenAge } = check;
  if (!Number.isFinite(nowSeconds)) return false;
  if (entry.nbf !== undefined && entry.nbf > nowSeconds + clockTolerance) return false;
  if (entry.exp <= nowSeconds - clockTolerance) return false;
  if (maxTokenAge !== undefined) {
    if (entry.iat === undefined) return false;
    const age = nowSeconds - entry.iat;
    if (age - clockTolerance > maxTokenAge || age < -clockTolerance) return false;
  }
  return true;
}

/** @module internal/verified-token-cache — session JWTs already verified, so a repeat skips the signature check. */

import type { CompactJWSHeaderParameters, FlattenedJWSInput } from 'jose';

/**
 * What one successful verification established. Only successes are ever stored: a token that
 * failed is verified again in full every time it is presented.
 */
export interface VerifiedToken<Result> {
  /** The token itself, an own flat copy (see the class); a hit must equal it in every character. */
  token: string;
  /** What a hit returns: deeply frozen, so the callers who share it cannot change it for each other. */
  result: Result;
  /** `result`, already resolved and frozen: a hit hands it out as it is, allocating nothing. */
  settled: Promise<Result>;
  /** The numeric time claims, checked against the clock on every hit. */
  exp: number;
  nbf: number | undefined;
  iat: number | undefined;
  /**
   * What the JWKS resolver is asked when the key set may have changed, the key it answered with,
   * and the key set's settled version when it did (`undefined`: ask on the next hit).
   */
  header: CompactJWSHeaderParameters;
  keyInput: FlattenedJWSInput;
  key: unknown;
  keySetVersion: number | undefined;
  /** Set by a hit; see the eviction order. */
  recentlyUsed: boolean;
}

/** How many characters at the token's end (its signature) make up its slot. */
const SLOT_CHARACTERS = 8;

/**
 * A bounded map from a token to what verifying it established; when full, the oldest entry not
 * used since it was last considered goes first.
 *
 * Looked up by a slot number taken from the signature's last characters, then confirmed by
 * comparing the whole token. A signature is effectively random, so the slot spreads tokens at
 * the cost of reading eight characters, with nothing allocated and no digest computed (a
 * SHA-256 of a 1.2 KB token was most of a hit's cost; V8 hashing the whole string as a Map key
 * costs more still). The comparison is what makes a hit safe: a token that differs in any
 * character — header, payload or signature — is a miss and gets the full check, whatever slot it
 * lands in. Only verified tokens are stored, so a crafted token can share a slot but never fill
 * one; two stored tokens sharing a slot (about 1 in 10⁹ per pair) only cost one a re-check.
 *
 * It holds the tokens themselves, for at most `maxEntries` of them: the process already holds
 * every in-flight request's credentials and the project secret, which outlives any session JWT
 * (each expires within 5 minutes). Each is stored as an own copy, so a token sliced out of a
 * larger Cookie header does not keep that header, and its other cookies, alive.
 */
export class VerifiedTokenCache<Result> {
  readonly #maxEntries: number;
  readonly #entries = new Map<number, VerifiedToken<Result>>();

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get enabled(): boolean {
    return this.#maxEntries > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The slot of a token: a small integer (a V8 Smi, the cheapest Map key) mixed from its last
   * characters. Any string has one.
   */
  static slotOf(jwt: string): number {
    let slot = 0;
    for (let index = Math.max(0, jwt.length - SLOT_CHARACTERS); index < jwt.length; index += 1) {
      slot = (Math.imul(slot, 31) + jwt.charCodeAt(index)) | 0;
    }
    return slot & 0x3fffffff;
  }

  /** The entry for exactly this token, if one is stored. */
  get(jwt: string): VerifiedToken<Result> | undefined {
    const entry = this.#entries.get(VerifiedTokenCache.slotOf(jwt));
    if (entry === undefined || entry.token !== jwt) return undefined;
    entry.recentlyUsed = true;
    return entry;
  }

  /**
   * Stores the entry under its token (replacing whatever held its slot). The token, and the
   * header segment the key lookup is asked with, then point into the entry's own copy only.
   */
  set(jwt: string, entry: VerifiedToken<Result>): void {
    if (!this.enabled) return;
    entry.token = ownCopy(jwt);
    entry.keyInput.protected = entry.token.slice(0, entry.token.indexOf('.'));
    const slot = VerifiedTokenCache.slotOf(jwt);
    this.#entries.delete(slot);
    this.#entries.set(slot, entry);
    while (this.#entries.size > this.#maxEntries) this.#evictOne();
  }

  /** Forgets this token; another token sharing its slot stays. */
  delete(jwt: string): void {
    const slot = VerifiedTokenCache.slotOf(jwt);
    if (this.#entries.get(slot)?.token === jwt) this.#entries.delete(slot);
  }

  /**
   * Second chance (the CLOCK approximation of least-recently-used): the oldest entry goes, unless
   * it was used since it last came round, in which case it moves to the back and loses its mark.
   * A hit only sets a flag: moving the entry on every hit (delete + set) would make V8's Map walk
   * a growing chain of deleted slots when one token is presented over and over.
   */
  #evictOne(): void {
    for (const [slot, entry] of this.#entries) {
      this.#entries.delete(slot);
      if (!entry.recentlyUsed) return;
      entry.recentlyUsed = false;
      this.#entries.set(slot, entry);
    }
  }
}

const ascii = { encoder: new TextEncoder(), decoder: new TextDecoder() };

/**
 * A flat string with the same characters that shares no memory with `text`. Stored tokens are
 * base64url (ASCII), which UTF-8 carries unchanged; TextEncoder, not Buffer, so edge runtimes
 * run it too.
 */
function ownCopy(text: string): string {
  return ascii.decoder.decode(ascii.encoder.encode(text));
}

/**
 * Whether jose's own time checks (jwt_claims_set.js) would pass for these claims at this moment,
 * with the same arithmetic: `nbf > now + tolerance` is not yet valid, `exp <= now - tolerance` is
 * expired, and with a max age `now - iat` must lie within [-tolerance, maxAge + tolerance]. A hit
 * that fails any of them is not refused here: it is verified in full, so the refusal and its code
 * come from jose as for any other token. Plain numbers, so a hit builds no options object.
 */
export function passesTimeChecks(
  entry: VerifiedToken<unknown>,
  nowSeconds: number,
  clockTolerance: number,
  maxTokenAge: number | undefined,
): boolean {
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

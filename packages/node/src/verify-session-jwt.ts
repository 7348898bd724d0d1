/** @module verify-session-jwt — local verification of a session JWT against the provider's JWKS. */

import {
  base64url,
  type CompactJWSHeaderParameters,
  errors,
  type JWTPayload,
  type JWTVerifyOptions,
  jwtVerify,
  UnsecuredJWT,
} from 'jose';
import { LatchkeyServerError } from './errors.js';
import { type DeepReadonly, deepFreeze } from './internal/deep-freeze.js';
import { mapJoseError } from './internal/map-jose-error.js';
import type { ProviderJwks } from './internal/remote-jwks.js';
import { sessionFromClaims } from './internal/session-from-claims.js';
import type { SignatureChecker } from './internal/signature-check.js';
import {
  passesTimeChecks,
  type VerifiedToken,
  type VerifiedTokenCache,
} from './internal/verified-token-cache.js';
import { invalidArgument, type ResolvedServerClientOptions } from './options.js';
import type { Session, SessionJwtClaims } from './session.js';

/** Options of `verifySessionJwt`. */
export interface VerifySessionJwtOptions {
  /**
   * Reject tokens whose `iat` is older than this (code `jwt_too_old`), e.g. to demand a JWT the
   * browser refreshed recently. Off by default: `exp` (≤ 5 min after `iat`) already bounds it.
   */
  maxTokenAgeSeconds?: number;
  /** Leeway for `exp`, `nbf` and `iat` against the clock. Default 5, at most 30 (SECURITY.md J5). */
  clockToleranceSeconds?: number;
}

/**
 * A verified session JWT: deeply frozen (read-only at every depth, and a write throws), because
 * every caller presenting the same token is handed the same object.
 */
export type VerifiedSessionJwt = DeepReadonly<{
  ok: true;
  userId: string;
  session: Session;
  /** The project's and the session's custom claims (every claim but the registered ones and the session claim); `{}` when none. */
  customClaims: Record<string, unknown>;
  claims: SessionJwtClaims;
}>;

/**
 * The outcome of `verifySessionJwt`. A token that fails verification is an expected outcome, not
 * an exception: `ok: false` carries a {@link LatchkeyServerError} whose `code` says why.
 */
export type VerifySessionJwtResult = VerifiedSessionJwt | { ok: false; error: LatchkeyServerError };

/**
 * What `verifySessionJwt` needs from its client: the options, the cached JWKS, the verified-token
 * cache and the runtime's signature check (node:crypto in Node, WebCrypto on the edge).
 */
export interface SessionJwtVerifierContext {
  options: ResolvedServerClientOptions;
  jwks: ProviderJwks;
  verifiedTokens: VerifiedTokenCache<VerifiedSessionJwt>;
  checkSignature: SignatureChecker;
}

/** The algorithms the provider signs with (contracts.md). Listing them defeats `none` and HS/RS confusion. */
const ALLOWED_ALGORITHMS: readonly string[] = ['ES256', 'RS256'];
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 5;
const MAX_CLOCK_TOLERANCE_SECONDS = 30;
/** Session JWTs travel in a cookie (≤ 4 KiB); anything far larger is refused before parsing. */
const MAX_JWT_LENGTH = 16 * 1024;
/** A base64url segment as a JWS encoder writes it (no padding; a length of 4n+1 cannot be base64). */
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+$/;
/** `{"alg":"none"}`, base64url: the header under which jose's claim checks are run on verified claims. */
const CLAIMS_ONLY_HEADER = 'eyJhbGciOiJub25lIn0';

type ClaimOptions = JWTVerifyOptions & { currentDate: Date };

/**
 * Verifies a session JWT locally: ES256/RS256 signature by a key of the project's JWKS,
 * `iss` = `stytch.com/{projectId}`, `aud` containing the project id, and `exp`/`nbf`/`iat`
 * against the injected clock. A revoked session's JWT stays valid until its `exp` (≤ 5 min);
 * call `authenticateSession` where that matters (SECURITY.md D3).
 *
 * A token verified once is remembered until it expires or is evicted; a repeat (equal in every
 * character) skips the signature check but not the time checks, and is served only while the
 * JWKS still hands out the key that verified it. Failures are never remembered. Every call
 * presenting the same remembered token gets the same deeply frozen result.
 *
 * Throws only for bad options (`invalid_argument`, as a rejected promise); every token or JWKS
 * problem is a result.
 */
export function verifySessionJwt(
  context: SessionJwtVerifierContext,
  jwt: unknown,
  verifyOptions?: VerifySessionJwtOptions,
): Promise<VerifySessionJwtResult> {
  return cacheHit(context, jwt, verifyOptions)?.settled ?? verifyOrRecheck(context, jwt, verifyOptions);
}

/**
 * The same verdict as `verifySessionJwt` for a token this client has verified before, returned
 * synchronously: the frozen result while the token's time claims pass now and the key set that
 * verified it is unchanged, else `undefined` (never a refusal: then `verifySessionJwt` decides,
 * with every check). No promise, so a handler can answer a repeat without leaving its turn.
 */
export function verifySessionJwtFromCache(
  context: SessionJwtVerifierContext,
  jwt: unknown,
  verifyOptions?: VerifySessionJwtOptions,
): VerifiedSessionJwt | undefined {
  return cacheHit(context, jwt, verifyOptions)?.result;
}

/**
 * The hot path: a remembered token whose time claims pass now and whose key set is unchanged,
 * or `undefined` for anything else (then `verifyOrRecheck` decides, with every check and refusal
 * of its own). It never throws, allocates nothing and awaits nothing: a slot lookup, one string
 * comparison and a few numbers.
 */
function cacheHit(
  context: SessionJwtVerifierContext,
  jwt: unknown,
  verifyOptions: VerifySessionJwtOptions | undefined,
): RememberedToken | undefined {
  if (typeof jwt !== 'string' || !context.verifiedTokens.enabled) return undefined;
  const entry = context.verifiedTokens.get(jwt);
  if (entry === undefined) return undefined;
  const clockTolerance = verifyOptions?.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  const maxTokenAge = verifyOptions?.maxTokenAgeSeconds;
  if (!isValidClockTolerance(clockTolerance) || !isValidMaxTokenAge(maxTokenAge)) return undefined;
  const nowSeconds = Math.floor(context.options.nowMs() / 1000);
  if (!passesTimeChecks(entry, nowSeconds, clockTolerance, maxTokenAge)) return undefined;
  return keySetUnchanged(context.jwks, entry) ? entry : undefined;
}

/**
 * Everything but the hot path: options and token checked (a bad option throws here), a
 * remembered token whose key set may have changed re-asked of the JWKS, anything else verified
 * in full and, if it passes, remembered.
 */
async function verifyOrRecheck(
  context: SessionJwtVerifierContext,
  jwt: unknown,
  verifyOptions: VerifySessionJwtOptions = {},
): Promise<VerifySessionJwtResult> {
  const clockTolerance = clockToleranceOf(verifyOptions);
  const maxTokenAge = maxTokenAgeOf(verifyOptions);
  if (typeof jwt !== 'string' || jwt.length === 0 || jwt.length > MAX_JWT_LENGTH) {
    const message = `The session JWT must be a non-empty string of at most ${MAX_JWT_LENGTH} characters.`;
    return { ok: false, error: new LatchkeyServerError('invalid_jwt', { message }) };
  }
  const { options, verifiedTokens } = context;
  const nowMs = options.nowMs();
  try {
    if (verifiedTokens.enabled) {
      const nowSeconds = Math.floor(nowMs / 1000);
      const entry = timelyEntry(verifiedTokens, jwt, nowSeconds, clockTolerance, maxTokenAge);
      if (
        entry !== undefined &&
        (keySetUnchanged(context.jwks, entry) || (await keyStillServed(context, jwt, entry)))
      )
        return entry.result;
    }
    const claimOptions: ClaimOptions = {
      algorithms: [...ALLOWED_ALGORITHMS],
      issuer: `stytch.com/${options.projectId}`,
      audience: options.projectId,
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance,
      currentDate: new Date(nowMs),
      ...(maxTokenAge === undefined ? {} : { maxTokenAge }),
    };
    const { result, verified } = await verifyInFull(context, jwt, claimOptions);
    if (verified !== undefined) verifiedTokens.set(jwt, verified);
    return result;
  } catch (error) {
    return { ok: false, error: mapJoseError(error) };
  }
}

/** The result for verified claims, frozen whole: the claims, and the session that shares some of them. */
function verifiedResult(payload: JWTPayload): VerifiedSessionJwt {
  const { userId, session } = sessionFromClaims(payload);
  const customClaims = session.custom_claims ?? {};
  return deepFreeze({ ok: true, userId, session, customClaims, claims: payload as SessionJwtClaims });
}

type RememberedToken = VerifiedToken<VerifiedSessionJwt>;

/**
 * The remembered token, if its time claims pass at this moment. Otherwise a miss: the token is
 * verified in full, which gives the refusal its usual code.
 */
function timelyEntry(
  verifiedTokens: VerifiedTokenCache<VerifiedSessionJwt>,
  jwt: string,
  nowSeconds: number,
  clockTolerance: number,
  maxTokenAge: number | undefined,
): RememberedToken | undefined {
  const entry = verifiedTokens.get(jwt);
  if (entry === undefined || passesTimeChecks(entry, nowSeconds, clockTolerance, maxTokenAge)) return entry;
  // Past exp it can only ever be refused again; before nbf or beyond a max age it may pass later.
  if (entry.exp <= nowSeconds - MAX_CLOCK_TOLERANCE_SECONDS) verifiedTokens.delete(jwt);
  return undefined;
}

/**
 * Whether the JWKS is still the fetched set it was when the entry's key was looked up, and is
 * not due for a refetch: then the resolver would answer the same header with the same key, so
 * asking it again can only cost time.
 */
function keySetUnchanged(jwks: ProviderJwks, entry: RememberedToken): boolean {
  return entry.keySetVersion !== undefined && entry.keySetVersion === jwks.settledVersion();
}

/**
 * Asks the JWKS (which may refetch it) whether it still resolves the entry's header to the key
 * that verified it, so a key dropped from the JWKS stops its tokens exactly when it would
 * without the cache. If not, the entry goes and the token is verified in full.
 */
async function keyStillServed(
  context: SessionJwtVerifierContext,
  jwt: string,
  entry: RememberedToken,
): Promise<boolean> {
  // Read before the lookup: a refetch during it leaves the entry with an older version, so the
  // next hit asks again rather than trusting a key from a set it has not seen.
  const version = context.jwks.settledVersion();
  const key = await context.jwks.getKey(entry.header, entry.keyInput);
  if (key !== entry.key) {
    context.verifiedTokens.delete(jwt);
    return false;
  }
  entry.keySetVersion = version;
  return true;
}

/**
 * The full check. Compact ES256/RS256 tokens of the usual shape have their signature checked
 * by the context's checker (node:crypto in Node), then their claims by jose's own claim
 * validation; anything else (a `crit` header, an unusual encoding, a key the checker does not
 * take) goes through jose's `jwtVerify`, the reference, which then also gives every refusal its error.
 */
async function verifyInFull(
  context: SessionJwtVerifierContext,
  jwt: string,
  claimOptions: ClaimOptions,
): Promise<{ result: VerifiedSessionJwt; verified?: RememberedToken }> {
  const segments = jwt.split('.');
  const [headerSegment = '', payloadSegment = '', signatureSegment = ''] = segments;
  const parsed =
    segments.length === 3 && segments.every(isBase64urlSegment) ? headerOf(headerSegment) : undefined;
  if (parsed === undefined || parsed.crit !== undefined || !isAllowedAlgorithm(parsed.alg)) {
    return { result: verifiedResult((await jwtVerify(jwt, context.jwks.getKey, claimOptions)).payload) };
  }
  const header = parsed as CompactJWSHeaderParameters & { alg: 'ES256' | 'RS256' };
  // The resolver sees what jose would give it, so kid lookup, refetch and cooldown are unchanged.
  const keySetVersion = context.jwks.settledVersion(); // before the lookup: see keyStillServed
  const key = await context.jwks.getKey(header, {
    protected: headerSegment,
    payload: payloadSegment,
    signature: signatureSegment,
  });
  const checked = context.checkSignature(
    header.alg,
    key,
    `${headerSegment}.${payloadSegment}`,
    signatureSegment,
  );
  // Node's check answers at once; only WebCrypto's needs awaiting.
  const signature = typeof checked === 'string' ? checked : await checked;
  if (signature === 'unsupported') {
    return { result: verifiedResult((await jwtVerify(jwt, key, claimOptions)).payload) };
  }
  if (signature === 'invalid') throw new errors.JWSSignatureVerificationFailed();
  // The signature is verified; jose's claim checks run on the same payload segment under a
  // header that asks for no signature check, so the claim rules and their errors stay jose's.
  const { algorithms: _signatureOnly, ...claimChecks } = claimOptions;
  const { payload } = UnsecuredJWT.decode(`${CLAIMS_ONLY_HEADER}.${payloadSegment}.`, claimChecks);
  const result = verifiedResult(payload);
  // Every field set here, in one order, so all entries share one shape (a hit reads them all).
  const verified: RememberedToken = {
    token: '', // set by the cache, which stores its own copy
    result,
    settled: Object.freeze(Promise.resolve(result)),
    exp: payload.exp as number,
    nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined,
    iat: typeof payload.iat === 'number' ? payload.iat : undefined,
    header,
    keyInput: { protected: headerSegment, payload: '', signature: '' },
    key,
    keySetVersion,
    recentlyUsed: false,
  };
  return { result, verified };
}

function isBase64urlSegment(segment: string): boolean {
  return segment.length % 4 !== 1 && BASE64URL_SEGMENT.test(segment);
}

function isAllowedAlgorithm(alg: unknown): alg is 'ES256' | 'RS256' {
  return typeof alg === 'string' && ALLOWED_ALGORITHMS.includes(alg);
}

const utf8 = new TextDecoder();

function headerOf(segment: string): Record<string, unknown> | undefined {
  try {
    const header: unknown = JSON.parse(utf8.decode(base64url.decode(segment)));
    return typeof header === 'object' && header !== null && !Array.isArray(header)
      ? (header as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function isValidClockTolerance(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_CLOCK_TOLERANCE_SECONDS;
}

function isValidMaxTokenAge(value: number | undefined): boolean {
  return value === undefined || (Number.isFinite(value) && value > 0);
}

function clockToleranceOf(options: VerifySessionJwtOptions): number {
  const value = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  if (!isValidClockTolerance(value)) {
    throw invalidArgument('clockToleranceSeconds', `must be between 0 and ${MAX_CLOCK_TOLERANCE_SECONDS}`);
  }
  return value;
}

function maxTokenAgeOf(options: VerifySessionJwtOptions): number | undefined {
  const value = options.maxTokenAgeSeconds;
  if (!isValidMaxTokenAge(value)) throw invalidArgument('maxTokenAgeSeconds', 'must be positive');
  return value;
}

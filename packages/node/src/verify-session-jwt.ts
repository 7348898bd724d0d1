/** @module verify-session-jwt — local verification of a session JWT against the provider's JWKS. */

import { type JWTVerifyGetKey, jwtVerify } from 'jose';
import { LatchkeyServerError } from './errors.js';
import { mapJoseError } from './internal/map-jose-error.js';
import { sessionFromClaims } from './internal/session-from-claims.js';
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
 * The outcome of `verifySessionJwt`. A token that fails verification is an expected outcome, not
 * an exception: `ok: false` carries a {@link LatchkeyServerError} whose `code` says why.
 */
export type VerifySessionJwtResult =
  | { ok: true; userId: string; session: Session; claims: SessionJwtClaims }
  | { ok: false; error: LatchkeyServerError };

/** What `verifySessionJwt` needs from its client: the options and the cached JWKS. */
export interface SessionJwtVerifierContext {
  options: ResolvedServerClientOptions;
  jwks: JWTVerifyGetKey;
}

/** The algorithms the provider signs with (contracts.md). Listing them defeats `none` and HS/RS confusion. */
const ALLOWED_ALGORITHMS = ['ES256', 'RS256'];
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 5;
const MAX_CLOCK_TOLERANCE_SECONDS = 30;
/** Session JWTs travel in a cookie (≤ 4 KiB); anything far larger is refused before parsing. */
const MAX_JWT_LENGTH = 16 * 1024;

/**
 * Verifies a session JWT locally: ES256/RS256 signature by a key of the project's JWKS,
 * `iss` = `stytch.com/{projectId}`, `aud` containing the project id, and `exp`/`nbf`/`iat`
 * against the injected clock. A revoked session's JWT stays valid until its `exp` (≤ 5 min);
 * call `authenticateSession` where that matters (SECURITY.md D3).
 *
 * Throws only for bad options (`invalid_argument`); every token or JWKS problem is a result.
 */
export async function verifySessionJwt(
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
  const { options, jwks } = context;
  try {
    const { payload } = await jwtVerify(jwt, jwks, {
      algorithms: ALLOWED_ALGORITHMS,
      issuer: `stytch.com/${options.projectId}`,
      audience: options.projectId,
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance,
      currentDate: options.clock.now(),
      ...(maxTokenAge === undefined ? {} : { maxTokenAge }),
    });
    const { userId, session } = sessionFromClaims(payload);
    return { ok: true, userId, session, claims: payload as SessionJwtClaims };
  } catch (error) {
    return { ok: false, error: mapJoseError(error) };
  }
}

function clockToleranceOf(options: VerifySessionJwtOptions): number {
  const value = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  if (!Number.isFinite(value) || value < 0 || value > MAX_CLOCK_TOLERANCE_SECONDS) {
    throw invalidArgument('clockToleranceSeconds', `must be between 0 and ${MAX_CLOCK_TOLERANCE_SECONDS}`);
  }
  return value;
}

function maxTokenAgeOf(options: VerifySessionJwtOptions): number | undefined {
  const value = options.maxTokenAgeSeconds;
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) throw invalidArgument('maxTokenAgeSeconds', 'must be positive');
  return value;
}

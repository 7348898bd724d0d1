/** @module authenticate-session — server-side session check through `POST /v1/sessions/authenticate`. */

import type { ServerSessionsAuthenticateResult } from '@latchkey/wire';
import { LatchkeyServerError } from './errors.js';
import { postServerApi } from './internal/post-server-api.js';
import { invalidArgument, type ResolvedServerClientOptions, requireSecret } from './options.js';

/** Options of `authenticateSession`: the opaque token, the JWT, or both. */
export interface AuthenticateSessionOptions {
  sessionToken?: string;
  sessionJwt?: string;
  /** Extends the session to now + this many minutes, as the browser-facing call does. */
  sessionDurationMinutes?: number;
  /**
   * Merged into the session's custom claims (a key set to null is removed); the answer's JWT and
   * every later JWT of the session carry them. Reserved claims are refused (`invalid_request`).
   */
  sessionCustomClaims?: Record<string, unknown>;
}

/** The provider's answer, flat and in the wire's snake_case (contracts.md): `@latchkey/wire`'s. */
export type AuthenticateSessionResult = ServerSessionsAuthenticateResult;

/**
 * Asks the provider whether a session is still live. Unlike `verifySessionJwt` this sees
 * revocations at once, at the cost of a round trip (SECURITY.md D3).
 *
 * Throws a {@link LatchkeyServerError}: `code` is the wire `error_type` for API errors (e.g.
 * `session_not_found`, `unauthorized_credentials`), else `network_unreachable`,
 * `network_timeout`, `invalid_response` or `invalid_argument`.
 */
export async function authenticateSession(
  options: ResolvedServerClientOptions,
  request: AuthenticateSessionOptions,
): Promise<AuthenticateSessionResult> {
  const { sessionToken, sessionJwt, sessionDurationMinutes, sessionCustomClaims } = request;
  const secret = requireSecret(options);
  if (sessionToken === undefined && sessionJwt === undefined) {
    throw invalidArgument('sessionToken', 'or sessionJwt must be given');
  }
  for (const [name, value] of [
    ['sessionToken', sessionToken],
    ['sessionJwt', sessionJwt],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw invalidArgument(name, 'must be a non-empty string');
    }
  }
  if (
    sessionDurationMinutes !== undefined &&
    (!Number.isInteger(sessionDurationMinutes) || sessionDurationMinutes <= 0)
  ) {
    throw invalidArgument('sessionDurationMinutes', 'must be a positive integer');
  }
  const body = await postServerApi(options, secret, '/v1/sessions/authenticate', {
    session_token: sessionToken,
    session_jwt: sessionJwt,
    session_duration_minutes: sessionDurationMinutes,
    session_custom_claims: sessionCustomClaims,
  });
  if (!isAuthenticateSessionResult(body)) {
    throw new LatchkeyServerError('invalid_response', {
      message: 'The provider answered 2xx without session, session_token, session_jwt and user.',
      requestId: typeof body.request_id === 'string' ? body.request_id : undefined,
    });
  }
  return body;
}

function isAuthenticateSessionResult(body: Record<string, unknown>): body is AuthenticateSessionResult & {
  [key: string]: unknown;
} {
  const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;
  return (
    isObject(body.session) &&
    isObject(body.user) &&
    typeof body.session_token === 'string' &&
    typeof body.session_jwt === 'string'
  );
}

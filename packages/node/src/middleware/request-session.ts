/**
 * @module middleware/request-session — the session a request carries, as the Express and Fastify
 * middleware put it on the request: read from the `stytch_session_jwt` / `stytch_session` cookies
 * (the names the browser SDK writes) or an `Authorization: Bearer` header, verified locally first.
 */

import type { LatchkeyServerClient } from '../create-server-client.js';
import { LatchkeyServerError } from '../errors.js';
import type { Session } from '../session.js';
import type { User } from '../user.js';

/**
 * When the provider is asked (`POST /v1/sessions/authenticate`, needs the client's secret):
 * - `'fallback'` (default): only when there is no JWT that verifies locally — an expired JWT, or
 *   only the opaque session token. A locally verified JWT stays valid until its `exp` (≤ 5 min)
 *   even if the session was revoked meanwhile.
 * - `'always'`: every request (sees a revocation at once; one round trip per request).
 * - `'never'`: local JWT verification only; no secret needed.
 */
export type RemoteCheck = 'fallback' | 'always' | 'never';

/** Options of `latchkeySession` (Express) and `latchkeyFastify` (Fastify). */
export interface LatchkeySessionOptions {
  /** The server client (`createLatchkeyServerClient`); with a secret for the provider round trips. */
  client: LatchkeyServerClient;
  /** Answer 401 (`{status_code, error_type: 'unauthorized_credentials', error_message}`) when there is no valid session. Default false: `null`. */
  required?: boolean;
  /** See {@link RemoteCheck}; default `'fallback'`. */
  remote?: RemoteCheck;
  /** Cookie names; default `stytch_session_jwt` and `stytch_session` (the browser SDK's). */
  cookies?: { sessionJwt?: string; sessionToken?: string };
}

/** The verified session the middleware puts on the request (`req.latchkey`), or `null`. */
export interface LatchkeyRequestSession {
  userId: string;
  session: Session;
  /** The session's custom claims (and the project's template), `{}` when none. */
  customClaims: Record<string, unknown>;
  /** `'jwt'`: verified locally against the JWKS; `'provider'`: confirmed live by the provider. */
  verifiedBy: 'jwt' | 'provider';
  /** The user, after a provider round trip only. */
  user?: User;
  /** A fresh session JWT, after a provider round trip only (set it as the cookie to save the next one). */
  sessionJwt?: string;
}

/** Request headers as Node hands them over (Express and Fastify alike). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** The JSON body of the 401 that `required: true` answers, in the provider's error shape. */
export const UNAUTHENTICATED_BODY: Readonly<Record<string, unknown>> = Object.freeze({
  status_code: 401,
  error_type: 'unauthorized_credentials',
  error_message: 'Sign in first: this request carries no valid session.',
});

function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return undefined;
  for (const part of text.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A compact JWS has three dot-separated parts; the opaque session token has none. */
function looksLikeJwt(value: string): boolean {
  return value.split('.').length === 3;
}

/** The JWT and the opaque token the request presents: a Bearer header over the cookies. */
export function presentedCredentials(
  headers: RequestHeaders,
  cookies: LatchkeySessionOptions['cookies'] = {},
): { sessionJwt?: string; sessionToken?: string } {
  let sessionJwt = cookieValue(headers.cookie, cookies.sessionJwt ?? 'stytch_session_jwt');
  let sessionToken = cookieValue(headers.cookie, cookies.sessionToken ?? 'stytch_session');
  const authorization = headers.authorization;
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (match?.[1]) {
    if (looksLikeJwt(match[1])) sessionJwt = match[1];
    else sessionToken = match[1];
  }
  return { ...(sessionJwt ? { sessionJwt } : {}), ...(sessionToken ? { sessionToken } : {}) };
}

/**
 * The verified session of a request, or null when it has none or none that is valid. Throws only
 * when the provider cannot answer (network, 5xx): the middleware then passes the error on rather
 * than treat a signed-in user as signed out.
 */
export async function resolveRequestSession(
  options: LatchkeySessionOptions,
  headers: RequestHeaders,
): Promise<LatchkeyRequestSession | null> {
  const remote = options.remote ?? 'fallback';
  const { sessionJwt, sessionToken } = presentedCredentials(headers, options.cookies);
  if (sessionJwt !== undefined && remote !== 'always') {
    const verified = await options.client.verifySessionJwt(sessionJwt);
    if (verified.ok) {
      return {
        userId: verified.userId,
        session: verified.session as Session,
        customClaims: verified.customClaims as Record<string, unknown>,
        verifiedBy: 'jwt',
      };
    }
  }
  if (remote === 'never' || (sessionJwt === undefined && sessionToken === undefined)) return null;
  try {
    const answer = await options.client.authenticateSession(
      sessionToken !== undefined ? { sessionToken } : { sessionJwt },
    );
    return {
      userId: answer.session.user_id,
      session: answer.session,
      customClaims: answer.session.custom_claims ?? {},
      verifiedBy: 'provider',
      user: answer.user,
      sessionJwt: answer.session_jwt,
    };
  } catch (error) {
    // The provider's "no" (unknown, revoked or expired session, a garbled token) means signed out;
    // so does a client without a secret, for which 'fallback' is local verification only.
    if (error instanceof LatchkeyServerError) {
      if (error.code === 'invalid_argument') return null;
      if (error.status !== undefined && error.status < 500) return null;
    }
    throw error;
  }
}

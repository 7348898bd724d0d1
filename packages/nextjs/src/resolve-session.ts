/** @module resolve-session — a request's Latchkey session from its two cookies: the JWT checked locally, refreshed through the session token when it cannot be trusted. */

import {
  isLatchkeyServerError,
  type LatchkeyServerClient,
  type User,
  type VerifiedSessionJwt,
} from '@latchkey/node/edge';
import type { SessionTokens } from './session-cookies.js';

/** What the cookies say, decided. */
export type ResolvedSession =
  /** The JWT verified locally: no network. */
  | { signedIn: true; verified: VerifiedSessionJwt; refreshed?: undefined }
  /** The JWT had expired (or was missing or refused); the session token got a new one from the provider. */
  | { signedIn: true; verified: VerifiedSessionJwt; refreshed: { tokens: SessionTokens; user: User } }
  /**
   * No session. `endCookies` when the provider said the session is over (revoked, expired,
   * unknown): the cookies should go. A provider that could not be reached leaves them alone.
   */
  | { signedIn: false; endCookies: boolean };

/** The provider's answers that mean the session token will never work again (wire README "Error types"). */
const SESSION_OVER = new Set([
  'session_not_found',
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
]);

/**
 * Decides the session of a request: a JWT that verifies against the JWKS is trusted until its
 * `exp` (at most 5 minutes; SECURITY.md D3). Otherwise, when a session token is present, the
 * server API (`POST /v1/sessions/authenticate`, project secret) is asked, which sees revocations
 * and answers a new JWT for a live session. Never throws: a provider that cannot be reached means
 * signed out (fail closed).
 */
export async function resolveSession(
  client: LatchkeyServerClient,
  cookies: { sessionJwt: string | undefined; sessionToken: string | undefined },
): Promise<ResolvedSession> {
  const { sessionJwt, sessionToken } = cookies;
  if (sessionJwt) {
    const verified =
      client.verifySessionJwtFromCache(sessionJwt) ?? (await client.verifySessionJwt(sessionJwt));
    if (verified.ok) return { signedIn: true, verified };
  }
  if (!sessionToken) return { signedIn: false, endCookies: Boolean(sessionJwt) };
  try {
    const answer = await client.authenticateSession({ sessionToken });
    const verified = await client.verifySessionJwt(answer.session_jwt);
    if (!verified.ok) return { signedIn: false, endCookies: false };
    const tokens = {
      session_token: answer.session_token,
      session_jwt: answer.session_jwt,
      expires_at: answer.session.expires_at,
    };
    return { signedIn: true, verified, refreshed: { tokens, user: answer.user } };
  } catch (error) {
    if (isLatchkeyServerError(error) && SESSION_OVER.has(error.code))
      return { signedIn: false, endCookies: true };
    // Not the person's doing (provider down, a missing secret): say so where the developer looks.
    console.error(
      '@latchkey/nextjs: the session could not be refreshed, so the request counts as signed out.',
      error,
    );
    return { signedIn: false, endCookies: false };
  }
}

/** @module auth — the session of the request being rendered, for server components, route handlers and server actions. */

import type { SessionJwtClaims, User, VerifiedSessionJwt } from '@latchkey/node/edge';
import { cookies } from 'next/headers.js';
import { type LatchkeyNextOptions, latchkeyServerClient } from './latchkey-options.js';
import { resolveSession } from './resolve-session.js';
import { SESSION_JWT_COOKIE, SESSION_TOKEN_COOKIE } from './session-cookies.js';

/** What {@link auth} answers: the signed-in user and session, or nulls. */
export type LatchkeyAuth =
  | {
      userId: string;
      sessionId: string;
      session: VerifiedSessionJwt['session'];
      claims: SessionJwtClaims;
      /** Present when the JWT was refreshed for this render (the provider answered the user too). */
      user?: User;
    }
  | { userId: null; sessionId: null; session: null; claims: null };

const SIGNED_OUT: LatchkeyAuth = { userId: null, sessionId: null, session: null, claims: null };

/**
 * Reads the session cookies of the current request (`next/headers`) and verifies the JWT locally.
 * With `latchkeyMiddleware` in front of the route the JWT is always fresh; without it an expired
 * JWT is checked through the session token with the provider (the new cookies cannot be written
 * from a server component; the browser SDK writes its own).
 *
 * @example
 * const { userId } = await auth();
 * if (!userId) redirect('/sign-in');
 */
export async function auth(options: LatchkeyNextOptions = {}): Promise<LatchkeyAuth> {
  const jar = await cookies();
  const resolved = await resolveSession(latchkeyServerClient(options), {
    sessionJwt: jar.get(SESSION_JWT_COOKIE)?.value,
    sessionToken: jar.get(SESSION_TOKEN_COOKIE)?.value,
  });
  if (!resolved.signedIn) return SIGNED_OUT;
  const { verified } = resolved;
  return {
    userId: verified.userId,
    sessionId: verified.session.session_id,
    session: verified.session,
    claims: verified.claims as SessionJwtClaims,
    ...(resolved.refreshed === undefined ? {} : { user: resolved.refreshed.user }),
  };
}

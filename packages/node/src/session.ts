/** @module session — the wire Session object and the claims of a session JWT (wire/objects.md, contracts.md). */

import type { Session, SessionClaim } from '@latchkey/wire';

/**
 * The wire Session object and its factors (snake_case, as the provider sends it), and the session
 * claim the provider puts in every session JWT under {@link SESSION_CLAIM}: `@latchkey/wire`'s.
 */
export type { AuthenticationFactor, Session, SessionClaim } from '@latchkey/wire';

/** The name of the session claim; kept as the hosted provider spells it so its JWTs are interchangeable. */
export const SESSION_CLAIM = 'https://stytch.com/session';

/** The claims of a verified session JWT. */
export interface SessionJwtClaims {
  sub: string;
  iss: string;
  aud: string | string[];
  iat: number;
  nbf?: number;
  exp: number;
  [SESSION_CLAIM]: SessionClaim;
  [claim: string]: unknown;
}

/**
 * A server-facing sign-in answer as this package returns it: the wire's, always with a session (an
 * answer that waits for a second factor, `session: null`, is refused as `invalid_response`).
 */
export type WithSession<Answer> = Omit<Answer, 'session' | 'intermediate_session_token' | 'mfa_required'> & {
  session: Session;
};

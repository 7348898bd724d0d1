/** @module session — the wire Session object and the claims of a session JWT (wire/objects.md, contracts.md). */

import type { AuthenticationFactor } from '@latchkey/wire';

/** The wire Session object and its factors (snake_case, as the provider sends it): `@latchkey/wire`'s. */
export type { AuthenticationFactor, Session } from '@latchkey/wire';

/** The session claim the provider puts in every session JWT, under {@link SESSION_CLAIM}. */
export interface SessionClaim {
  id: string;
  started_at: string;
  last_authenticated_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
}

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

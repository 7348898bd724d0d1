/** @module internal/session-from-claims — rebuilds the wire Session from a verified JWT's claims. */

import { LatchkeyServerError } from '../errors.js';
import { type AuthenticationFactor, SESSION_CLAIM, type Session, type SessionClaim } from '../session.js';

// Registered claims and the session claim itself; everything else is a project's custom claim.
const RESERVED_CLAIMS = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', SESSION_CLAIM]);

/**
 * Reads the session claim (contracts.md: `id`, `started_at`, `last_authenticated_at`,
 * `expires_at`, `attributes`, `authentication_factors`) into the wire Session shape, the way the
 * hosted provider's server SDK does for local JWT authentication. Throws `invalid_jwt` when the
 * signed token lacks the claim, since such a token did not come from a session.
 */
export function sessionFromClaims(payload: Record<string, unknown>): { userId: string; session: Session } {
  const userId = payload.sub;
  const claim = payload[SESSION_CLAIM];
  if (typeof userId !== 'string' || userId === '' || !isSessionClaim(claim)) {
    throw new LatchkeyServerError('invalid_jwt', {
      message: `The session JWT lacks a valid "sub" or "${SESSION_CLAIM}" claim.`,
    });
  }
  const customClaims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (!RESERVED_CLAIMS.has(name)) customClaims[name] = value;
  }
  return {
    userId,
    session: {
      session_id: claim.id,
      user_id: userId,
      started_at: claim.started_at,
      last_accessed_at: claim.last_authenticated_at,
      expires_at: claim.expires_at,
      attributes: {
        ip_address: claim.attributes?.ip_address ?? '',
        user_agent: claim.attributes?.user_agent ?? '',
      },
      authentication_factors: Array.isArray(claim.authentication_factors)
        ? (claim.authentication_factors as AuthenticationFactor[])
        : [],
      custom_claims: Object.keys(customClaims).length > 0 ? customClaims : null,
    },
  };
}

function isSessionClaim(value: unknown): value is Partial<SessionClaim> & SessionIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const claim = value as Record<string, unknown>;
  return (
    typeof claim.id === 'string' &&
    typeof claim.started_at === 'string' &&
    typeof claim.last_authenticated_at === 'string' &&
    typeof claim.expires_at === 'string'
  );
}

type SessionIdentity = Pick<SessionClaim, 'id' | 'started_at' | 'last_authenticated_at' | 'expires_at'>;

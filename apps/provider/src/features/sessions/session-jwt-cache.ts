/**
 * @module session-jwt-cache — hands out a session's last JWT again while it still has most of its
 * life ahead, so a session check does not sign a new ES256 JWT every time (issue 18).
 */

import { SESSION_JWT_MIN_REMAINING_SECONDS } from './session-policy.js';
import type { SessionRow } from './sessions.table.js';

/** Past this many sessions the oldest entry is dropped (≈1 KB each). */
const MAX_ENTRIES = 10_000;

interface Entry {
  jwt: string;
  iat: number;
  exp: number;
  /** What the JWT's claims were made of; any change (factors, expiry, signing key) means a new JWT. */
  basis: string;
}

/** Reusable session JWTs, by session id. */
export interface SessionJwtCache {
  /**
   * The JWT held for `session` when its claims still match and it has enough life left;
   * `customClaims` is the JSON of the custom claims it would carry now ('' for none).
   */
  reusable(
    session: SessionRow,
    kid: string,
    issuer: string,
    nowSeconds: number,
    customClaims?: string,
  ): string | undefined;
  /** Keeps `jwt` (signed now for `session` with key `kid`) for reuse. */
  keep(
    session: SessionRow,
    kid: string,
    issuer: string,
    jwt: string,
    iat: number,
    exp: number,
    customClaims?: string,
  ): void;
}

/**
 * The claims that can change during a session's life are its factors, its expiry and its custom
 * claims (the session's own or the project's template); the rest (id, user, start, attributes)
 * are fixed at creation, `iss`/`aud` by the issuer and project.
 */
function basisOf(session: SessionRow, kid: string, issuer: string, customClaims = ''): string {
  return `${kid}\n${issuer}\n${session.project_id}\n${session.user_id}\n${session.expires_at.getTime()}\n${JSON.stringify(session.authentication_factors)}\n${customClaims}`;
}

/** Creates an empty cache. */
export function createSessionJwtCache(): SessionJwtCache {
  const entries = new Map<string, Entry>();
  return {
    reusable(session, kid, issuer, nowSeconds, customClaims) {
      const entry = entries.get(session.id);
      if (!entry) return undefined;
      const sessionEnd = Math.floor(session.expires_at.getTime() / 1000);
      const fresh =
        // A clock moved backwards would hand out a JWT not yet valid (nbf = iat).
        entry.iat <= nowSeconds &&
        entry.exp > nowSeconds &&
        // A JWT capped by the session's end could not be signed any longer now.
        (entry.exp > nowSeconds + SESSION_JWT_MIN_REMAINING_SECONDS || entry.exp >= sessionEnd);
      if (!fresh || entry.basis !== basisOf(session, kid, issuer, customClaims)) {
        entries.delete(session.id);
        return undefined;
      }
      return entry.jwt;
    },
    keep(session, kid, issuer, jwt, iat, exp, customClaims) {
      entries.delete(session.id);
      if (entries.size >= MAX_ENTRIES) {
        // Maps iterate in insertion order: the first key is the entry kept longest ago.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(session.id, { jwt, iat, exp, basis: basisOf(session, kid, issuer, customClaims) });
    },
  };
}

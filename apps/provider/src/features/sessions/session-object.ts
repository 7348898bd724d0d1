/** @module session-object — maps a session row to the wire Session object (wire/objects.md). */

import type { WireSession } from './sessions.schemas.js';
import type { SessionRow } from './sessions.table.js';

/** Row → wire Session; timestamps are RFC 3339 UTC. */
export function toWireSession(row: SessionRow): WireSession {
  return {
    session_id: row.id,
    user_id: row.user_id,
    started_at: row.started_at.toISOString(),
    last_accessed_at: row.last_accessed_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    attributes: { ip_address: row.ip_address, user_agent: row.user_agent },
    authentication_factors: row.authentication_factors,
    custom_claims: row.custom_claims ?? {},
  };
}

/** The most recent factor time, or the session start when there is none. */
export function lastAuthenticatedAt(row: SessionRow): string {
  const times = row.authentication_factors.map((f) => f.last_authenticated_at).sort();
  return times.at(-1) ?? row.started_at.toISOString();
}

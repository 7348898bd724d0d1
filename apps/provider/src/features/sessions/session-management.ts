/**
 * @module session-management — what a project's back end does with its users' sessions through the
 * server API: list a user's live sessions, revoke one, revoke all. Revocation is the same
 * `revoked_at` write every other revocation makes, so the database's change notification drops
 * the session from every instance's check cache at once (session-check-cache.ts).
 */
import type { Clock } from '../../clock.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { requireReferencedUser } from '../users/user-reference.js';
import { toWireSession } from './session-object.js';
import {
  findLiveSessionByTokenHash,
  findLiveSessionsOfUser,
  revokeLiveSessions,
} from './sessions.repository.js';
import type { WireSession } from './sessions.schemas.js';
import type { SessionRow } from './sessions.table.js';

/** Which session to revoke: exactly one of its id, its token's hash, or its id as read from a verified JWT. */
export type SessionTarget = { sessionId: string } | { tokenHash: string };

/** Who asked, for the events: the project's server or an operator acting on it, from this address. */
export interface ManagementCaller {
  project: Project;
  ipAddress: string | null;
  actor: EventActor;
}

/** The server API's session management. */
export interface SessionManagement {
  /** The user's live sessions, newest first; 404 user_not_found when the project has no such user. */
  listOf(project: Project, userId: string): Promise<WireSession[]>;
  /** Revokes one live session; 404 session_not_found when it is unknown, revoked or expired. */
  revoke(caller: ManagementCaller, target: SessionTarget): Promise<void>;
  /** Revokes every live session of the user; returns their ids (none is fine); 404 user_not_found. */
  revokeAllOf(caller: ManagementCaller, userId: string): Promise<string[]>;
}

/** Creates the session management over `db`. */
export function createSessionManagement(deps: {
  db: Db;
  clock: Clock;
  events: DomainEventBus;
}): SessionManagement {
  /** One `session.revoked` per session, inside the revoking transaction. */
  const announce = async (trx: DbExecutor, caller: ManagementCaller, rows: SessionRow[], now: Date) => {
    for (const row of rows) {
      await deps.events.publish(trx, {
        type: 'session.revoked',
        projectId: caller.project.id,
        actor: caller.actor,
        occurredAt: now,
        data: toWireSession(row) as unknown as Record<string, unknown>,
        ipAddress: caller.ipAddress,
      });
    }
  };

  return {
    async listOf(project, reference) {
      const userId = await requireReferencedUser(deps.db, project.id, reference);
      const rows = await findLiveSessionsOfUser(deps.db, project.id, userId, deps.clock.now());
      return rows.map(toWireSession);
    },

    async revoke(caller, target) {
      const now = deps.clock.now();
      await inTransaction(deps.db, async (trx) => {
        const projectId = caller.project.id;
        let sessionId: string | undefined;
        if ('sessionId' in target) sessionId = target.sessionId;
        else sessionId = (await findLiveSessionByTokenHash(trx, projectId, target.tokenHash, now))?.id;
        const rows = sessionId ? await revokeLiveSessions(trx, projectId, { sessionId }, now) : [];
        if (rows.length === 0) throw new ApiError('session_not_found');
        await announce(trx, caller, rows, now);
      });
    },

    async revokeAllOf(caller, reference) {
      const now = deps.clock.now();
      return inTransaction(deps.db, async (trx) => {
        const userId = await requireReferencedUser(trx, caller.project.id, reference);
        const rows = await revokeLiveSessions(trx, caller.project.id, { userId }, now);
        await announce(trx, caller, rows, now);
        return rows.map((row) => row.id);
      });
    },
  };
}

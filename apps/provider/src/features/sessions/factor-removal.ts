/**
 * @module factor-removal — removing one of the signed-in user's sign-in factors ends every other
 * session of the user in the same transaction (SECURITY B9: whoever held the factor may hold a
 * session). The presenting session stays.
 */
import type { Clock } from '../../clock.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceFactor } from '../../domain-events/factor-event.js';
import type { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { announceRevoked } from './session-events.js';
import { revokeOtherSessions } from './sessions.repository.js';
import type { SessionRow } from './sessions.table.js';

/** Which factor of whose to delete; the owner is part of the key so another user's id deletes nothing. */
export interface FactorKey {
  projectId: string;
  userId: string;
  id: string;
}

/**
 * Returns `remove(project, session, factorId)`: deletes the session user's factor with
 * `deleteFactor` and revokes the user's other sessions in one transaction; `notFound` (nothing
 * revoked) when the user has no factor with this id.
 */
export function createFactorRemoval(
  deps: { db: Db; clock: Clock; events?: DomainEventBus },
  deleteFactor: (trx: DbExecutor, key: FactorKey) => Promise<boolean>,
  notFound: () => ApiError,
  factorType: string,
): (project: Project, session: SessionRow, factorId: string) => Promise<void> {
  return (project, session, factorId) =>
    inTransaction(deps.db, async (trx) => {
      const deleted = await deleteFactor(trx, {
        projectId: project.id,
        userId: session.user_id,
        id: factorId,
      });
      if (!deleted) throw notFound();
      const now = deps.clock.now();
      const actor = { type: 'user', id: session.user_id } as const;
      await announceFactor(trx, deps.events, 'factor.removed', {
        projectId: project.id,
        userId: session.user_id,
        factorType,
        factorId,
        now,
      });
      const revoked = await revokeOtherSessions(trx, project.id, session.user_id, now, session.id);
      await announceRevoked(deps.events, trx, project.id, revoked, actor, now);
    });
}

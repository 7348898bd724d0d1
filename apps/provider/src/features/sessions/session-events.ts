/** @module session-events — announces sessions that ended (`session.revoked`), in the transaction that ended them. */
import type { DbExecutor } from '../../db/database.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { toWireSession } from './session-object.js';
import type { SessionRow } from './sessions.table.js';

/** One `session.revoked` per session in `revoked` (none when no bus is wired, as in unit tests). */
export async function announceRevoked(
  events: DomainEventBus | undefined,
  db: DbExecutor,
  projectId: string,
  revoked: readonly SessionRow[],
  actor: EventActor,
  now: Date,
  ipAddress?: string,
): Promise<void> {
  if (!events) return;
  for (const row of revoked) {
    await events.publish(db, {
      type: 'session.revoked',
      projectId,
      actor,
      occurredAt: now,
      data: toWireSession(row),
      ...(ipAddress === undefined ? {} : { ipAddress }),
    });
  }
}

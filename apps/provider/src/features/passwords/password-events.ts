/** @module password-events — announces a password set, reset or changed, and the sessions it ended, in the change's transaction. */
import type { DbExecutor } from '../../db/database.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceRevoked } from '../sessions/session-events.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { announceUserEvent } from '../users/user-events.js';

/** `password.changed` with the user, then one `session.revoked` per session the change ended. */
export async function announcePasswordChanged(
  db: DbExecutor,
  events: DomainEventBus | undefined,
  change: {
    projectId: string;
    userId: string;
    now: Date;
    revoked: readonly SessionRow[];
    /** The user by default; the project when its server made the change. */
    actor?: EventActor;
    ipAddress?: string;
  },
): Promise<void> {
  const { projectId, userId, now, ipAddress } = change;
  const actor = change.actor ?? { type: 'user', id: userId };
  await announceUserEvent(db, 'password.changed', { events, projectId, userId, now, actor, ipAddress });
  await announceRevoked(events, db, projectId, change.revoked, actor, now, ipAddress);
}

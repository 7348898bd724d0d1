/** @module user-events — announces a user change with the user object as the server API shows it, in the change's transaction. */
import type { DbExecutor } from '../../db/database.js';
import type { EventActor, WebhookEventType } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceFactor, type FactorChange } from '../../domain-events/factor-event.js';
import { loadServerUser } from './server-user-object.js';

/** What the announcement says besides the user. */
export interface UserEventContext {
  events: DomainEventBus | undefined;
  projectId: string;
  userId: string;
  now: Date;
  actor?: EventActor;
  ipAddress?: string;
}

/** Publishes `type` with the user (read in `db`, so it shows the change) as `data`; nothing without a bus. */
export async function announceUserEvent(
  db: DbExecutor,
  type: Extract<WebhookEventType, 'user.created' | 'password.changed'>,
  context: UserEventContext,
): Promise<void> {
  if (!context.events) return;
  // The server API's user object, as `/v1/users…` publishes it: one shape for every `user.*` webhook.
  const user = await loadServerUser(db, context.projectId, context.userId);
  if (!user) return;
  await context.events.publish(db, {
    type,
    projectId: context.projectId,
    actor: context.actor ?? { type: 'user', id: context.userId },
    occurredAt: context.now,
    data: user,
    ...(context.ipAddress === undefined ? {} : { ipAddress: context.ipAddress }),
  });
}

/**
 * A sign-in method linked a factor: `user.created` when the sign-in created its user (the factor
 * is in the user object), else `factor.added` to the existing account.
 */
export async function announceLinkedFactor(
  db: DbExecutor,
  events: DomainEventBus | undefined,
  change: FactorChange & { createdUser: boolean },
): Promise<void> {
  const { createdUser, ...factor } = change;
  if (createdUser) await announceUserEvent(db, 'user.created', { events, ...factor });
  else await announceFactor(db, events, 'factor.added', factor);
}

/** @module factor-event — `factor.added` and `factor.removed`, as every sign-in factor announces them. */
import type { DbExecutor } from '../db/database.js';
import type { EventActor } from './domain-event.js';
import type { DomainEventBus } from './domain-event-bus.js';

/** Which factor of whose changed. */
export interface FactorChange {
  projectId: string;
  userId: string;
  /** `webauthn_registration`, `oauth_registration`, `crypto_wallet`, `totp`, … */
  factorType: string;
  factorId: string;
  now: Date;
  /** Who made the change; the user when absent. */
  actor?: EventActor | undefined;
}

/** Announces the change in its transaction (by the user unless `change.actor` says otherwise); nothing without a bus. */
export async function announceFactor(
  db: DbExecutor,
  events: DomainEventBus | undefined,
  type: 'factor.added' | 'factor.removed',
  change: FactorChange,
): Promise<void> {
  await events?.publish(db, {
    type,
    projectId: change.projectId,
    actor: change.actor ?? { type: 'user', id: change.userId },
    occurredAt: change.now,
    data: { user_id: change.userId, factor_type: change.factorType, factor_id: change.factorId },
  });
}

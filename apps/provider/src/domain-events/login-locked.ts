/** @module login-locked — the `login.locked` event both sign-in locks announce (password, second factor). */
import type { DbExecutor } from '../db/database.js';
import type { DomainEventBus } from './domain-event-bus.js';

/** A lock that just began, as the event's `data` shows it. */
export interface StartedLock {
  projectId: string;
  userId: string;
  lockoutId: string;
  /** `password` (100 failed logins in a row) or `second_factor` (100 failed codes in a row). */
  lock: 'password' | 'second_factor';
  lockedAt: Date;
}

/** Announces the lock in the transaction that opened it; nothing without a bus. */
export async function announceLoginLocked(
  db: DbExecutor,
  events: DomainEventBus | undefined,
  started: StartedLock,
): Promise<void> {
  await events?.publish(db, {
    type: 'login.locked',
    projectId: started.projectId,
    actor: { type: 'system' },
    occurredAt: started.lockedAt,
    data: {
      user_id: started.userId,
      lockout_id: started.lockoutId,
      lock: started.lock,
      locked_at: started.lockedAt.toISOString(),
    },
  });
}

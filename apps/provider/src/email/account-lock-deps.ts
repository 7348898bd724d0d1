/**
 * @module account-lock-deps — what a lasting sign-in lock (password, second factor, passcode)
 * needs to log its start and tell the owner, written once for the three locks.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { DomainEventBus } from '../domain-events/domain-event-bus.js';
import type { Random } from '../random.js';
import type { NoticesInFlight } from './notices-in-flight.js';

/** What every lock needs. */
export interface AccountLockDeps {
  db: Db;
  clock: Clock;
  /** The lock notice goes out after the answer; the app waits for these on close. */
  notices: NoticesInFlight;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What a lock of a user's account needs: ids for its rows, and where `login.locked` is announced. */
export interface UserAccountLockDeps extends AccountLockDeps {
  random: Random;
  /** Where `login.locked` is announced. */
  events?: DomainEventBus;
}

/** A user account lock's deps: the app's lock notices, logger and domain events over `core`. */
export function userAccountLockDeps(
  app: FastifyInstance,
  core: { db: Db; clock: Clock; random: Random },
): UserAccountLockDeps {
  const { db, clock, random } = core;
  return { db, clock, random, notices: app.lockNotices, log: app.log, events: app.domainEvents };
}

/** @module delivery-handler — what a kind of delivery job does when its turn comes: issue, render, and say how to take it back. */
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { DomainEventBus } from '../domain-events/domain-event-bus.js';
import type { OutgoingEmail } from '../email/mailer.js';
import type { Project } from '../features/projects/project.js';
import type { OutgoingTextMessage } from '../messaging/messenger.js';
import type { Random } from '../random.js';
import type { DeliveryJobRow } from './delivery-jobs.table.js';

/** An email for the mailer, or a text message for the messenger. */
export type OutgoingMessage = { email: OutgoingEmail } | { text: OutgoingTextMessage };

/** What a job's turn produced. */
export interface PreparedDelivery {
  /** The message to hand over; absent when there is nothing to send (e.g. a reset for an unknown address). */
  message?: OutgoingMessage;
  /**
   * Makes what was issued for the message unusable. Called when the transport does not take the
   * message: an unsent token must not stay usable (SECURITY J6). A retry issues a new one.
   */
  withdraw?: () => Promise<void>;
}

/** What a handler that issues a secret (a link, a code, a reset token) needs; `events` hears what it adds. */
export interface IssuingDeliveryDeps {
  db: Db;
  clock: Clock;
  random: Random;
  events?: DomainEventBus;
}

/** Issues and renders one kind of job. */
export interface DeliveryHandler {
  /** Issues what the job asks for in its own short transaction, and renders the message. */
  prepare(job: DeliveryJobRow, project: Project): Promise<PreparedDelivery>;
}

/** @module send-deps — what a service that sends a code or link through a delivery job is given. */
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { DomainEventBus } from '../domain-events/domain-event-bus.js';
import type { Random } from '../random.js';
import type { EmailSendThrottle } from '../rate-limit/email-send-throttle.js';
import type { DeliveryQueue } from './delivery-queue.js';

/** The send's database, time and randomness, its limits, and the queue its job waits in. */
export interface SendDeps {
  db: Db;
  clock: Clock;
  random: Random;
  /** Where the server API's login_or_create announces the user it creates (`user.created`). */
  events?: DomainEventBus;
  throttle: EmailSendThrottle;
  deliveries: DeliveryQueue;
}

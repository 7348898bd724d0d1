/** @module register-deliveries — the delivery queue and its worker on the app: started when ready, stopped on close. */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../email/mailer.js';
import type { Messenger } from '../messaging/messenger.js';
import type { Random } from '../random.js';
import type { DeliveryHandler } from './delivery-handler.js';
import { createDeliveryQueue, type DeliveryQueue } from './delivery-queue.js';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerSettings } from './delivery-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's delivery worker (set by registerDeliveries); tests drain it. */
    deliveries: DeliveryWorker;
  }
}

/** What registerDeliveries needs. */
export interface DeliveriesOptions {
  db: Db;
  clock: Clock;
  random: Random;
  mailer: Mailer;
  messenger: Messenger;
  /** The handler of each job kind. */
  handlers: Readonly<Record<string, DeliveryHandler>>;
  settings?: DeliveryWorkerSettings;
}

/**
 * Creates the worker, starts it once the app is ready (picking up what a stopped or killed
 * process left) and stops it when the app closes; returns the queue the send services use.
 */
export function registerDeliveries(app: FastifyInstance, options: DeliveriesOptions): DeliveryQueue {
  const worker = createDeliveryWorker({ ...options, ...options.settings, log: app.log });
  app.decorate('deliveries', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return createDeliveryQueue({ clock: options.clock, random: options.random, notify: () => worker.notify() });
}

/** @module register-deliveries — the delivery queue and its worker on the app: started when ready, stopped on close. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { noMessenger } from '../messaging/messenger.js';
import type { DeliveryHandler } from './delivery-handler.js';
import { createDeliveryQueue, type DeliveryQueue } from './delivery-queue.js';
import { createDeliveryWorker, type DeliveryWorker } from './delivery-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's delivery worker (set by registerDeliveries); tests drain it. */
    deliveries: DeliveryWorker;
    /** Where the send services store their jobs (set by registerDeliveries). */
    deliveryQueue: DeliveryQueue;
    /** Makes `handler` deliver the jobs of `kind`; each feature's plugin adds its own while the app loads. */
    handleDeliveries(kind: string, handler: DeliveryHandler): void;
  }
}

/** What registerDeliveries reads of the app's edges. */
export type DeliveriesOptions = Pick<
  AppDeps,
  'db' | 'clock' | 'random' | 'mailer' | 'messenger' | 'delivery'
>;

/**
 * Sign-in emails and texts go out after the answer (issue 16 item 4): the send endpoints store a
 * job and answer; the worker hands it to its feature's handler. Creates the worker, starts it once
 * the app is ready (picking up what a stopped or killed process left) and stops it when the app
 * closes. Call on the root instance before the features: they read `deliveryQueue` and add their
 * handlers, and tests drain `deliveries` without readying the app first.
 */
export function registerDeliveries(app: FastifyInstance, options: DeliveriesOptions): void {
  const handlers: Record<string, DeliveryHandler> = {};
  const worker = createDeliveryWorker({
    db: options.db,
    clock: options.clock,
    mailer: options.mailer,
    messenger: options.messenger ?? noMessenger,
    handlers,
    ...options.delivery,
    log: app.log,
    onOutcome: ({ projectId, channel, sent }) =>
      app.activity.add(projectId, `${channel === 'sms' ? 'sms' : 'emails'}_${sent ? 'sent' : 'failed'}`),
  });
  app.decorate('deliveries', worker);
  app.decorate(
    'deliveryQueue',
    createDeliveryQueue({ clock: options.clock, random: options.random, notify: () => worker.notify() }),
  );
  app.decorate('handleDeliveries', (kind: string, handler: DeliveryHandler) => {
    if (handlers[kind]) throw new Error(`two handlers for delivery jobs of kind ${kind}`);
    handlers[kind] = handler;
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}

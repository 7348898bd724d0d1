/** @module webhooks.plugin — Standard Webhooks: the outbox subscriber, the delivery worker and the endpoint management calls. */
import { WEBHOOK_EVENT_TYPES } from '../../domain-events/domain-event.js';
import { featurePlugin } from '../../feature-plugin.js';
import { createUnsubscribedEventTypes } from './unsubscribed-event-types.js';
import { createWebhookEndpointsService } from './webhook-endpoints.service.js';
import { webhookOutbox } from './webhook-outbox.js';
import { createWebhookWorker, type WebhookWorker } from './webhook-worker.js';
import { WEBHOOKS_CHANNEL } from './webhooks.repository.js';
import { webhooksRoutes } from './webhooks.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's webhook worker (set by the webhooks plugin); tests drain it. */
    webhooks: WebhookWorker;
  }
}

/**
 * Subscribes the outbox to every webhook event type, starts the worker when the app is ready and
 * stops it on close. A committed outbox write notifies every process on the database's channel,
 * waking their workers; the poll picks up retries, restarts and lapsed claims.
 */
export const webhooksPlugin = featurePlugin('webhooks', ['domain-events'], async (app, { config, deps }) => {
  const { db, clock, random } = deps;
  const worker = createWebhookWorker({
    db,
    clock,
    random,
    keyEncryptionSecret: config.keyEncryptionSecret,
    log: app.log,
    ...(deps.metrics ? { onAttempt: deps.metrics.countWebhookAttempt } : {}),
    ...deps.webhooks,
  });
  app.decorate('webhooks', worker);
  const feed = deps.changeFeed?.(WEBHOOKS_CHANNEL);
  const unsubscribed = feed ? createUnsubscribedEventTypes(feed) : undefined;
  const outbox = webhookOutbox(random, unsubscribed);
  for (const type of WEBHOOK_EVENT_TYPES) app.domainEvents.subscribe(type, outbox);

  const unsubscribe = feed?.subscribe({ onChange: () => worker.notify(), onReset: () => worker.notify() });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    unsubscribe?.();
    unsubscribed?.stop();
    await feed?.close();
    await worker.stop();
  });

  const endpoints = createWebhookEndpointsService({
    db,
    clock,
    random,
    mode: config.mode,
    keyEncryptionSecret: config.keyEncryptionSecret,
    events: app.domainEvents,
    wake: () => worker.notify(),
  });
  app.register(webhooksRoutes, { db, clock, endpoints });
});

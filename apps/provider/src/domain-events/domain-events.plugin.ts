/** @module domain-events.plugin — the app's one event bus, decorated before any feature that publishes or subscribes. */
import { featurePlugin } from '../feature-plugin.js';
import { createDomainEventBus, type DomainEventBus } from './domain-event-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces users', sessions' and settings' changes inside their transactions (set by the domain-events plugin). */
    domainEvents: DomainEventBus;
  }
}

export const domainEventsPlugin = featurePlugin('domain-events', [], async (app) => {
  app.decorate('domainEvents', createDomainEventBus());
});

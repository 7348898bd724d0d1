/** @module events.plugin — the SDK's product events. */
import { featurePlugin, SDK_PREFIX } from '../../feature-plugin.js';
import { eventsRoutes } from './events.routes.js';

export const eventsPlugin = featurePlugin('events', [], async (app, { deps }) => {
  app.register(eventsRoutes, { prefix: SDK_PREFIX, db: deps.db, clock: deps.clock });
});

/** @module outbox.plugin — the development outbox of sent emails and texts (development mode only). */
import { featurePlugin } from '../../feature-plugin.js';
import { outboxRoutes } from './outbox.routes.js';

export const outboxPlugin = featurePlugin('outbox', [], async (app, { config, deps }) => {
  if (config.mode === 'development') app.register(outboxRoutes, { db: deps.db });
});

/** @module health.plugin — the liveness and readiness routes. */
import { featurePlugin } from '../../feature-plugin.js';
import { healthRoutes } from './health.routes.js';

export const healthPlugin = featurePlugin('health', [], async (app, { deps }) => {
  app.register(healthRoutes, { db: deps.db });
});

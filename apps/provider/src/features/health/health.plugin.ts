/** @module health.plugin — the liveness and readiness routes, and the readiness state shutdown flips. */
import { featurePlugin } from '../../feature-plugin.js';
import { healthRoutes } from './health.routes.js';
import { createReadinessState, type ReadinessState } from './readiness-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** main.ts calls `readiness.startDraining()` on SIGTERM, before the listener closes. */
    readiness: ReadinessState;
  }
}

export const healthPlugin = featurePlugin('health', [], async (app, { deps }) => {
  const readiness = createReadinessState();
  app.decorate('readiness', readiness);
  app.register(healthRoutes, { db: deps.db, readiness });
});

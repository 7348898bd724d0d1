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
  // While draining, each answer asks its client not to reuse the connection, so keep-alive
  // clients reconnect through the balancer to another instance instead of to this one.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.register(healthRoutes, { db: deps.db, readiness });
});

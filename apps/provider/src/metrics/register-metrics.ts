/**
 * @module register-metrics — the request-latency hook and, when LATCHKEY_METRICS_TOKEN is set,
 * GET /metrics on the main port behind that bearer token. Without `deps.metrics` nothing is
 * registered and requests pay nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../app-config.js';
import type { AppDeps } from '../app-deps.js';
import { constantTimeEqual } from '../crypto/hash.js';

/** Requests no route matched share one label, so scanners cannot grow the series without bound. */
export const UNMATCHED_ROUTE = 'unmatched';

export function registerMetrics(
  app: FastifyInstance,
  config: AppConfig,
  deps: Pick<AppDeps, 'metrics'>,
): void {
  const metrics = deps.metrics;
  if (!metrics) return;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const token = config.metrics?.token;
  if (!token) return;
  const expected = `Bearer ${token}`;
  app.get('/metrics', async (request, reply) => {
    if (!constantTimeEqual(request.headers.authorization ?? '', expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain')
        .send('GET /metrics needs Authorization: Bearer <LATCHKEY_METRICS_TOKEN>\n');
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}

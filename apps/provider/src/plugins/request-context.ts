/** @module request-context — request ids and the headers every response carries. */
import type { FastifyInstance } from 'fastify';
import type { ProjectEnvironment } from '../ids.js';
import type { Random } from '../random.js';

/** Builds Fastify's `genReqId`: `request-id-{env}-{uuid}`, the wire's request_id. */
export function requestIdGenerator(random: Random, environment: ProjectEnvironment): () => string {
  return () => `request-id-${environment}-${random.uuid()}`;
}

/**
 * Adds `X-Content-Type-Options: nosniff` everywhere and `Cache-Control: no-store` unless a route
 * chose a cache policy (SECURITY I5: token-bearing responses are never cached). Registered on
 * the root instance so it covers every route, the 404 handler and errors.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** @module health.routes — GET / (liveness) and GET /readyz (readiness) for probes and load balancers. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { selectOne } from './health.repository.js';

/** A readiness probe must answer before the balancer's own timeout, even when the database hangs. */
export const READINESS_TIMEOUT_MS = 2000;

const status = Type.Object({ name: Type.Literal('latchkey-provider'), status: Type.Literal('ok') });

/** Resolves when the database answers a trivial query within the timeout; rejects otherwise. */
async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([selectOne(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /` stays a liveness check: it never touches the database, so a restarting PostgreSQL does
 * not get healthy processes killed. `GET /readyz` tells a load balancer whether this process can
 * serve requests now: 503 while the database is unreachable, 200 once it is back.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; readinessTimeoutMs?: number }> = async (
  app,
  options,
) => {
  app.get('/', { schema: { response: { 200: status } } }, async () => ({
    name: 'latchkey-provider' as const,
    status: 'ok' as const,
  }));

  app.get('/readyz', { schema: { response: { 200: status } } }, async (_request, reply) => {
    try {
      await pingDatabase(options.db, options.readinessTimeoutMs ?? READINESS_TIMEOUT_MS);
    } catch (error) {
      throw new ApiError('service_unavailable', {
        message: 'The database is unreachable; this instance cannot serve requests right now.',
        headers: { 'retry-after': '5' },
        cause: error,
      });
    }
    reply.header('cache-control', 'no-store');
    return { name: 'latchkey-provider' as const, status: 'ok' as const };
  });
};

/** @module health.routes — GET / and GET /healthz (liveness) and GET /readyz (readiness) for probes and load balancers. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { migrations } from '../../db/migrate.js';
import { appliedMigrationNames } from './health.repository.js';
import type { ReadinessState } from './readiness-state.js';

/** A readiness probe must answer before the balancer's own timeout, even when the database hangs. */
export const READINESS_TIMEOUT_MS = 2000;

const NAME = 'latchkey-provider' as const;

const status = Type.Object({ name: Type.Literal(NAME), status: Type.Literal('ok') });

const readiness = Type.Object({
  name: Type.Literal(NAME),
  /** `draining`: this process is shutting down (checks are not run). */
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('draining')]),
  checks: Type.Optional(
    Type.Object({
      database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
      migrations: Type.Union([Type.Literal('ok'), Type.Literal('pending'), Type.Literal('unknown')]),
    }),
  ),
  /** The registered migrations the database lacks (an instance older than its code; migrations run at start). */
  pending_migrations: Type.Optional(Type.Array(Type.String())),
});

/** The applied migrations, or a rejection when the database does not answer within the timeout. */
async function askDatabase(db: Db, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
  });
  try {
    return await Promise.race([appliedMigrationNames(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A readiness answer other than ok: 503, and a hint to ask again in a few seconds. */
function notReady(
  reply: FastifyReply,
  answer: Omit<Static<typeof readiness>, 'name'>,
): Static<typeof readiness> {
  reply.code(503).header('retry-after', '5');
  return { name: NAME, ...answer };
}

/** Probes come every few seconds from every balancer: their lines would bury the real ones at info. */
const QUIET = { logLevel: 'warn' } as const;

/**
 * `GET /` and `GET /healthz` are liveness checks: they never touch the database, so a restarting
 * PostgreSQL does not get healthy processes killed. `GET /readyz` tells a load balancer whether
 * this process can serve requests now: the database answers and has every migration this build
 * knows, and the process is not shutting down; 503 with what failed otherwise. None is
 * authenticated or rate-limited: they read nothing secret and cost one small query at most.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  readiness: ReadinessState;
  readinessTimeoutMs?: number;
}> = async (app, options) => {
  const ok = { name: NAME, status: 'ok' as const };
  // `GET /` stays as it was: scripts and older probes poll it.
  app.get('/', { schema: { response: { 200: status } } }, async () => ok);

  app.get('/healthz', { ...QUIET, schema: { response: { 200: status } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok;
  });

  app.get(
    '/readyz',
    { ...QUIET, schema: { response: { 200: readiness, 503: readiness } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (options.readiness.draining) return notReady(reply, { status: 'draining' });
      let applied: string[];
      try {
        applied = await askDatabase(options.db, options.readinessTimeoutMs ?? READINESS_TIMEOUT_MS);
      } catch (error) {
        // The log says why; the answer never does: the error names hosts and ports (SECURITY J3).
        request.log.warn({ err: error }, 'readiness check: the database did not answer');
        return notReady(reply, {
          status: 'unavailable',
          checks: { database: 'unreachable', migrations: 'unknown' },
        });
      }
      const present = new Set(applied);
      const pending = Object.keys(migrations).filter((name) => !present.has(name));
      if (pending.length > 0) {
        return notReady(reply, {
          status: 'unavailable',
          checks: { database: 'ok', migrations: 'pending' },
          pending_migrations: pending,
        });
      }
      return { ...ok, checks: { database: 'ok' as const, migrations: 'ok' as const } };
    },
  );
};

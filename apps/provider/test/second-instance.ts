/**
 * A second provider app on the test context's database, as a second process behind the same
 * load balancer would run it (SECURITY A8): the context's configuration (trusted proxies, send
 * limits, …) and clock, its own dev outbox and logger. On PostgreSQL it opens its own connection
 * pool; on PGlite (one process only) it shares the context's.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { connectDatabase } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import type { Mailer } from '../src/email/mailer.js';
import { buildTestApp, type TestContext, type TestContextOptions } from './test-app.js';

/** The second app, its own database handle, and how to stop both. */
export interface SecondInstance {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** Options of startSecondInstance. */
export interface SecondInstanceOptions {
  /** Its mailer, made on its own database handle; the dev outbox by default. */
  mailer?: (db: Db) => Mailer;
  logger?: FastifyBaseLogger;
  /** Where its change feeds listen (LATCHKEY_DATABASE_DIRECT_URL); the context's by default. */
  directUrl?: string;
  /** Configuration that differs from the context's (e.g. `forwardedHeader`). */
  config?: Omit<TestContextOptions, 'mailer' | 'messenger' | 'logger' | 'devClock'>;
}

/** Starts a second app sharing the context's database, configuration and clock. */
export async function startSecondInstance(
  ctx: TestContext,
  options: SecondInstanceOptions = {},
): Promise<SecondInstance> {
  const url = ctx.database.url;
  const directUrl = options.directUrl ?? ctx.database.directUrl;
  const pool = url
    ? await connectDatabase({
        kind: 'postgres',
        url,
        ...(directUrl ? { directUrl } : {}),
        poolSize: 5,
        // A second process reports its own listening connections to its own log.
        ...(options.logger ? { logger: options.logger } : {}),
      })
    : undefined;
  const db = pool?.db ?? ctx.db;
  // The process's own transports and logger, never the first app's (they hold its handle).
  const {
    mailer: _mailer,
    messenger: _messenger,
    logger: _logger,
    devClock: _devClock,
    ...shared
  } = ctx.options;
  const app = buildTestApp(
    db,
    ctx.clock,
    {
      ...shared,
      ...options.config,
      ...(options.mailer ? { mailer: options.mailer(db) } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    },
    undefined,
    // Its own listening connection on PostgreSQL, as a second process has.
    pool?.changeFeed ?? ctx.database.changeFeed,
  );
  try {
    await app.ready();
  } catch (error) {
    await pool?.close();
    throw error;
  }
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await pool?.close();
    },
  };
}

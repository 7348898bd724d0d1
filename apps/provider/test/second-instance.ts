/**
 * A second provider process on a test context's database: its own app and, on PostgreSQL, its
 * own connection pool (as a second process would have), on the same clock. On PGlite, which one
 * process owns, the second app shares the first one's connection.
 */
import type { FastifyInstance } from 'fastify';
import { connectDatabase } from '../src/db/connect.js';
import { buildTestApp, type TestContext, type TestContextOptions } from './test-app.js';

/** The second instance; `close()` it in afterAll. */
export interface SecondInstance {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts a second app on `ctx`'s database with `ctx`'s options, overridden by `overrides`. */
export async function startSecondInstance(
  ctx: TestContext,
  overrides: TestContextOptions = {},
): Promise<SecondInstance> {
  const url = ctx.database.url;
  const pool = url ? await connectDatabase({ kind: 'postgres', url, poolSize: 5 }) : undefined;
  const app = buildTestApp(pool?.db ?? ctx.db, ctx.clock, { ...ctx.options, ...overrides });
  try {
    await app.ready();
  } catch (error) {
    await pool?.close();
    throw error;
  }
  return {
    app,
    close: async () => {
      await app.close();
      await pool?.close();
    },
  };
}

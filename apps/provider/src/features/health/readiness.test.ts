/**
 * Issue 23: GET /healthz is alive without the database; GET /readyz is 200 only while the database
 * answers, has every migration and the process is not shutting down, and says what failed
 * otherwise; neither is logged per request at info nor rate-limited.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../../../../scripts/postgres.mjs';
import { capturedLogger } from '../../../test/captured-logger.js';
import { testDatabaseUrl } from '../../../test/test-database.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { buildApp } from '../../app.js';
import { createManualClock } from '../../clock.js';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrateToLatest, migrations } from '../../db/migrate.js';
import { createOutboxMailer } from '../../email/outbox-mailer.js';
import { cryptoRandom } from '../../random.js';

/** A 503 readiness answer: try again in 5 seconds, and which checks failed (`fields`). */
function expectUnavailable(response: LightMyRequestResponse, fields: Record<string, unknown>): void {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ name: 'latchkey-provider', status: 'unavailable', ...fields });
}

const { logger, lines } = capturedLogger('info');
const ctx = useTestContext({ logger, requestLog: { kind: 'every' } });

describe('on a reachable, migrated database', () => {
  it('is ready, says which checks passed, and is never cached', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'latchkey-provider',
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is alive at /healthz and at / (unchanged for the scripts that poll it)', async () => {
    const healthz = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthz.statusCode).toBe(200);
    expect(healthz.json()).toEqual({ name: 'latchkey-provider', status: 'ok' });
    const root = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(root.json()).toEqual({ name: 'latchkey-provider', status: 'ok' });
  });

  it('answers 503 naming the migrations the database lacks, and 200 once they are there', async () => {
    const newest = Object.keys(migrations).sort().at(-1) as string;
    const row = await sql<
      Record<string, unknown>
    >`select * from kysely_migration where name = ${newest}`.execute(ctx.db);
    await sql`delete from kysely_migration where name = ${newest}`.execute(ctx.db);
    try {
      expectUnavailable(await ctx.app.inject({ method: 'GET', url: '/readyz' }), {
        checks: { database: 'ok', migrations: 'pending' },
        pending_migrations: [newest],
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest}, ${row.rows[0]?.timestamp as string})`.execute(
        ctx.db,
      );
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is neither logged per request at info nor rate-limited, where other routes are logged', async () => {
    const before = lines.length;
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        ctx.app.inject({ method: 'GET', url: i % 2 ? '/readyz' : '/healthz' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(120).fill(200));
    expect(lines.slice(before).filter((line) => line.msg === 'incoming request')).toEqual([]);
    await ctx.app.inject({ method: 'GET', url: '/' });
    expect(lines.slice(before).filter((line) => line.msg === 'incoming request')).toHaveLength(1);
  });
});

describe('while the process shuts down', () => {
  const context = useTestContext();

  it('answers 503 draining at once, without asking the database, and stays alive', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    context.app.readiness.startDraining();
    const response = await context.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ name: 'latchkey-provider', status: 'draining' });
    expect((await context.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

// A PostgreSQL server of its own, stopped and started like a real outage (the run's shared
// server must stay up for the other files); on the PostgreSQL leg of the matrix only.
describe.skipIf(!testDatabaseUrl)('on a PostgreSQL server that stops and starts again', () => {
  let server: TestPostgres;
  let handle: DatabaseHandle;
  let app: ReturnType<typeof buildApp>;
  const outageLog = capturedLogger('info');

  beforeAll(async () => {
    server = await startTestPostgres();
    handle = await connectDatabase({ kind: 'postgres', url: server.url, poolSize: 4 });
    await migrateToLatest(handle.db);
    const clock = createManualClock();
    const deps = { db: handle.db, clock, random: cryptoRandom };
    app = buildApp(
      { mode: 'development', issuer: 'stytch.com', keyEncryptionSecret: undefined },
      {
        ...deps,
        logger: outageLog.logger,
        mailer: createOutboxMailer({ ...deps, from: 'x', outboxUrl: 'x', announce: () => {} }),
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    server?.stop();
  });

  const readyz = () => app.inject({ method: 'GET', url: '/readyz' });

  it('answers 503 while it is down and 200 within a second of its return, with the same pool', async () => {
    // Every pooled connection in use once, so the outage cuts open connections too.
    await Promise.all(Array.from({ length: 4 }, () => readyz()));
    expect((await readyz()).statusCode).toBe(200);

    server.stopServer();
    const down = await readyz();
    expectUnavailable(down, { checks: { database: 'unreachable', migrations: 'unknown' } });
    expect(down.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres:/i);
    // The operator's log says why, where the answer may not.
    const why = outageLog.lines.filter((line) => line.msg === 'readiness check: the database did not answer');
    expect(why).toHaveLength(1);
    expect(why[0]?.err).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    server.startServer();
    const back = performance.now();
    let answer = await readyz();
    while (answer.statusCode !== 200 && performance.now() - back < 5000) answer = await readyz();
    expect(answer.statusCode).toBe(200);
    expect(performance.now() - back).toBeLessThan(1000);
  });
});

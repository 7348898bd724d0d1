/** GET /readyz answers 503 while the database is unreachable and 200 once it is back; GET / stays up. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SwitchableTcpProxy, startSwitchableTcpProxy } from '../../../test/switchable-tcp-proxy.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createManualClock } from '../../clock.js';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { createOutboxMailer } from '../../email/outbox-mailer.js';
import { cryptoRandom } from '../../random.js';

describe('on a reachable database', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(() => context.close());

  it('is ready, and says so without caching', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'latchkey-provider', status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe.skipIf(!testDatabaseUrl)('on a PostgreSQL server that goes away and comes back', () => {
  let database: TestDatabase;
  let proxy: SwitchableTcpProxy;
  let handle: DatabaseHandle;
  let app: ReturnType<typeof buildApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url as string);
    proxy = await startSwitchableTcpProxy({ host: direct.hostname, port: Number(direct.port) });
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    handle = await connectDatabase({ kind: 'postgres', url: viaProxy.toString(), poolSize: 2 });
    const clock = createManualClock();
    const deps = { db: handle.db, clock, random: cryptoRandom };
    app = buildApp(
      { mode: 'development', issuer: 'stytch.com', keyEncryptionSecret: undefined },
      {
        ...deps,
        mailer: createOutboxMailer({ ...deps, from: 'x', outboxUrl: 'x', announce: () => {} }),
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.close();
    await database?.close();
  });

  it('answers 503 with Retry-After while it is down, 200 when it is back, and stays live throughout', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    proxy.down();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ status_code: 503, error_type: 'service_unavailable' });
    expect(down.body).not.toMatch(/ECONNRESET|127\.0\.0\.1|postgres/i);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);

    proxy.up();
    // The pool may hand out a connection cut while the proxy was down: the first probe after the
    // outage may still fail, but readiness must come back without restarting the process.
    let back = await app.inject({ method: 'GET', url: '/readyz' });
    for (let tries = 0; back.statusCode !== 200 && tries < 5; tries += 1)
      back = await app.inject({ method: 'GET', url: '/readyz' });
    expect(back.statusCode).toBe(200);
  });
});

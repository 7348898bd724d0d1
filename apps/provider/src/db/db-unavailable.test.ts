/** SECURITY J2/J3: with the database unreachable every call fails closed with 503, never 500. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { basic, outboxMailerFor } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { createManualClock } from '../clock.js';
import { cryptoRandom } from '../random.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { isDatabaseUnavailable } from './db-errors.js';

let handle: DatabaseHandle;
let app: ReturnType<typeof buildApp>;
beforeAll(async () => {
  // Port 1 on loopback refuses connections: a PostgreSQL server that is down.
  handle = await connectDatabase({ kind: 'postgres', url: 'postgres://latchkey@127.0.0.1:1/latchkey' });
  const clock = createManualClock();
  app = buildApp(
    { mode: 'development', issuer: 'stytch.com', keyEncryptionSecret: undefined },
    {
      db: handle.db,
      clock,
      random: cryptoRandom,
      mailer: outboxMailerFor(handle.db, clock),
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

it('answers 503 service_unavailable with Retry-After and no internals', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/sdk/v1/sessions/authenticate',
    headers: { authorization: basic('public-token-test-x', 'session'), 'content-type': 'application/json' },
    payload: {},
  });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toMatchObject({ status_code: 503, error_type: 'service_unavailable' });
  expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/);
});

it('keeps the health checks up (they do not touch the database)', async () => {
  expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
});

it('is not ready: /readyz answers 503 with Retry-After, saying the database is unreachable', async () => {
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: 'unreachable' } });
});

it('recognises connection failures through cause chains, and nothing else', () => {
  expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
  expect(isDatabaseUnavailable({ code: '57P01' })).toBe(true);
  expect(isDatabaseUnavailable({ code: '08006' })).toBe(true);
  expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
  expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
});

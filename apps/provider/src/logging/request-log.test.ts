/**
 * Issue 18: production writes no per-request info lines (they cost ~3 % of a session check's CPU),
 * while errors, warnings and development's request lines stay (LATCHKEY_REQUEST_LOG).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, sdkHeaders, type TestContextOptions } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';
import { noMessenger } from '../messaging/messenger.js';
import { createProviderLogger } from './provider-logger.js';
import { parseRequestLogPolicy } from './request-log.js';

type Line = { level: number; msg: string } & Record<string, unknown>;

/** A logger at `level` whose lines are collected, parsed, in `lines`. */
function collectingLogger(level: string) {
  const lines: Line[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createProviderLogger({ level, destination }), lines };
}

// One database for the file; each case is its own app on it, as another process would be.
const ctx = useTestContext();
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** An app on the file's database, configured by `options`, logging at `level`. */
async function appLogging(level: string, options: TestContextOptions) {
  const { logger, lines } = collectingLogger(level);
  const app = buildTestApp(ctx.db, ctx.clock, { ...options, logger });
  apps.push(app);
  await app.ready();
  return { app, lines };
}

const REQUEST_LINES = ['incoming request', 'request completed'];

/** A browser-facing call that answers 200. */
async function bootstrap(app: FastifyInstance) {
  const response = await app.inject({
    method: 'GET',
    url: `/sdk/v1/projects/bootstrap/${ctx.dev.public_token}?probe=secret-value`,
    headers: sdkHeaders(ctx.dev.public_token),
  });
  expect(response.statusCode).toBe(200);
}

/** The request lines an app configured by `options`, logging at `level`, writes for one bootstrap call. */
async function requestLinesOfBootstrap(level: string, options: TestContextOptions) {
  const { app, lines } = await appLogging(level, options);
  await bootstrap(app);
  return lines.filter((line) => REQUEST_LINES.includes(line.msg));
}

describe('request lines in production (LATCHKEY_REQUEST_LOG unset)', () => {
  it('writes no per-request line at info, but still the 5xx error and the forwarded-header warning', async () => {
    const { app, lines } = await appLogging('info', { mode: 'production', messenger: noMessenger });
    await bootstrap(app);
    // A forwarded header without LATCHKEY_TRUSTED_PROXIES is a security-relevant warning.
    const sms = await app.inject({
      method: 'POST',
      url: '/sdk/v1/otps/sms/login_or_create',
      headers: { ...sdkHeaders(ctx.dev.public_token), 'x-forwarded-for': '198.51.100.9' },
      payload: { phone_number: '+14155550142' },
    });
    expect(sms.statusCode).toBe(503);

    expect(lines.filter((line) => REQUEST_LINES.includes(line.msg))).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'request failed', error_type: 'service_unavailable' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringContaining('LATCHKEY_TRUSTED_PROXIES is not set'),
      }),
    );
  });

  it('writes them at debug when LOG_LEVEL=debug', async () => {
    const requestLines = await requestLinesOfBootstrap('debug', { mode: 'production' });
    expect(requestLines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 20],
    ]);
    expect(JSON.stringify(requestLines)).not.toContain('secret-value');
  });
});

describe('other policies', () => {
  it('development writes both lines at info, as before', async () => {
    const requestLines = await requestLinesOfBootstrap('info', { mode: 'development' });
    expect(requestLines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 30],
      ['request completed', 30],
    ]);
  });

  it('a sampled request writes one info line naming the request, its query redacted', async () => {
    const requestLines = await requestLinesOfBootstrap('info', {
      mode: 'production',
      requestLog: { kind: 'sampled', rate: 1 },
    });
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: expect.stringContaining('?probe=[redacted]') },
      res: { statusCode: 200 },
    });
  });
});

describe('parseRequestLogPolicy', () => {
  it.each([
    [undefined, 'production', { kind: 'debug' }],
    [undefined, 'development', { kind: 'every' }],
    ['info', 'production', { kind: 'every' }],
    ['debug', 'development', { kind: 'debug' }],
    ['0.01', 'production', { kind: 'sampled', rate: 0.01 }],
    ['1', 'production', { kind: 'sampled', rate: 1 }],
  ] as const)('%s in %s → %j', (value, mode, policy) => {
    expect(parseRequestLogPolicy(value, mode)).toEqual({ ok: true, policy });
  });

  it.each(['0', '1.5', '-0.1', 'warn', '1e-2', ''])('refuses %j', (value) => {
    expect(parseRequestLogPolicy(value, 'production')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('LATCHKEY_REQUEST_LOG'),
    });
  });
});

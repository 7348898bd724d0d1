/**
 * Issue 16 item 1 on two provider processes sharing one PostgreSQL database, both behind one
 * trusted proxy: the per-network counts are the database's, so spreading spoofed requests over
 * the instances gains nothing. Runs only with TEST_DATABASE_URL (PGlite is one process).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SecondInstance, startSecondInstance } from '../../test/second-instance.js';
import { json, sdkHeaders, type TestContext } from '../../test/test-app.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { useTestContext } from '../../test/use-test-context.js';
import { IP_DELAY_FROM } from '../features/passwords/login-lockout.js';
import { DEFAULT_SEND_LIMITS } from '../features/projects/send-limits.js';

const PROXY = '127.0.0.1';

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL behind one trusted proxy', () => {
  const ctx = useTestContext({ trustedProxies: PROXY, devProject: { sendLimits: DEFAULT_SEND_LIMITS } });
  let second: SecondInstance;
  let apps: TestContext['app'][];
  beforeAll(async () => {
    second = await startSecondInstance(ctx);
    apps = [ctx.app, second.app];
  });
  afterAll(async () => second?.close());

  /** Request `i` goes to instance i mod 2, through the proxy, with a spoofed left-most entry. */
  const post = (i: number, path: string, payload: Record<string, unknown>, client: string) =>
    (apps[i % 2] as TestContext['app']).inject({
      method: 'POST',
      url: `/sdk/v1${path}`,
      headers: { ...sdkHeaders(ctx.dev.public_token), 'x-forwarded-for': `203.0.114.${i % 250}, ${client}` },
      remoteAddress: PROXY,
      payload,
    });
  const wrongLogin = (i: number, client: string) =>
    post(
      i,
      '/passwords/authenticate',
      { email: `two-${client}-${i}@example.com`, password: 'wrong-but-long-1' },
      client,
    );

  function tally(responses: LightMyRequestResponse[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  }

  it('wrong passwords spread over both instances meet one per-network limit', async () => {
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < IP_DELAY_FROM + 10; i += 1) responses.push(await wrongLogin(i, '198.51.100.71'));
    expect(tally(responses)).toEqual({ 401: IP_DELAY_FROM, 429: 10 });
    // Both instances refuse the client now; another client behind the same proxy is counted apart.
    for (const i of [0, 1]) expect((await wrongLogin(i, '198.51.100.71')).statusCode).toBe(429);
    for (const i of [0, 1]) expect((await wrongLogin(i, '198.51.100.72')).statusCode).toBe(401);
  });

  it('a parallel spray over both instances: exactly the network limit is checked', async () => {
    const responses = await Promise.all(
      Array.from({ length: IP_DELAY_FROM + 10 }, (_, i) => wrongLogin(i, '198.51.100.73')),
    );
    expect(tally(responses)).toEqual({ 401: IP_DELAY_FROM, 429: 10 });
  });

  it('magic-link sends spread over both instances meet one per-network send cap', async () => {
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 40; i += 1) {
      responses.push(
        await post(
          i,
          '/magic_links/email/login_or_create',
          { email: `two-cap-${i}@example.com` },
          '198.51.100.74',
        ),
      );
    }
    const cap = DEFAULT_SEND_LIMITS.ipPerWindow;
    expect(tally(responses)).toEqual({ 200: cap, 429: 40 - cap });
    expect(json(responses.at(-1) as LightMyRequestResponse).error_message).toMatch(/from this network/);
  });
});

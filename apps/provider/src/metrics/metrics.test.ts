/**
 * Issue 23 "Metrics": /metrics counters move with a sign-in (one place feeds them and the activity
 * figures), the route label is the route's pattern, the guard refuses without the token, and the
 * separate listener serves nothing else. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenPasswordUser, postPasswords, STRONG_PASSWORD } from '../../test/password-helpers.js';
import { useTestContext } from '../../test/use-test-context.js';
import { usersApi } from '../../test/user-management-calls.js';
import { givenEndpoint } from '../../test/webhook-helpers.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { startMetricsServer } from './metrics-server.js';
import { createProviderMetrics } from './provider-metrics.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const metrics = createProviderMetrics();
const ctx = useTestContext({ metrics, metricsToken: TOKEN });
let receiver: WebhookReceiver;

beforeAll(async () => {
  metrics.watchDatabase(ctx.database.kind, ctx.database.poolStats);
  ctx.clock.set(new Date());
  receiver = await startWebhookReceiver();
  receiver.secret = (await givenEndpoint(ctx, { url: receiver.url })).secret;
});
afterAll(async () => receiver.close());

async function scrape(): Promise<string> {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

/** The value of the sample `series` (name and labels exactly as exposed), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('moves the sign-in, failure and request counters with a password sign-in', async () => {
    const before = await scrape();
    await givenPasswordUser(ctx, 'metrics-pw@example.com');
    const wrong = await postPasswords(ctx, '/passwords/authenticate', {
      email: 'metrics-pw@example.com',
      password: `${STRONG_PASSWORD}-not`,
    });
    expect(wrong.statusCode).toBe(401);
    const right = await postPasswords(ctx, '/passwords/authenticate', {
      email: 'metrics-pw@example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 60,
    });
    expect(right.statusCode).toBe(200);
    const after = await scrape();

    const signIns = 'latchkey_sign_ins_total{method="password"}';
    const failures = 'latchkey_sign_in_failures_total{method="password"}';
    // The sign-up starts a session too.
    expect(sample(after, signIns) - sample(before, signIns)).toBe(2);
    expect(sample(after, failures) - sample(before, failures)).toBe(1);
    const refused =
      'latchkey_http_request_duration_seconds_count{method="POST",route="/sdk/v1/passwords/authenticate",status_code="401"}';
    expect(sample(after, refused) - sample(before, refused)).toBe(1);
    // The same events reach the activity figures the console reads.
    expect(ctx.app.activity.pending().some((c) => c.metric === 'sign_ins' && c.method === 'password')).toBe(
      true,
    );
  });

  it('labels a request with its route pattern, never the URL it was called with', async () => {
    const answer = await usersApi(ctx, 'GET', '/v1/users/user-test-00000000-0000-4000-8000-metricsraw01');
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    await ctx.app.inject({ method: 'GET', url: '/no/such/route/metricsraw02' });
    const text = await scrape();
    expect(text).toContain(`route="/v1/users/:user_id",status_code="${answer.statusCode}"`);
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain('metricsraw');
  });

  it('counts webhook attempts by outcome, and reports the database and the process', async () => {
    const before = sample(await scrape(), 'latchkey_webhook_attempts_total{outcome="delivered"}');
    await givenPasswordUser(ctx, 'metrics-webhook@example.com');
    await ctx.app.webhooks.drain();
    const text = await scrape();
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(sample(text, 'latchkey_webhook_attempts_total{outcome="delivered"}') - before).toBe(
      receiver.received.length,
    );
    expect(sample(text, `latchkey_database_info{kind="${ctx.database.kind}"}`)).toBe(1);
    if (ctx.database.kind === 'postgres')
      expect(sample(text, 'latchkey_database_pool_connections')).toBeGreaterThan(0);
    else expect(text).not.toContain('latchkey_database_pool_connections');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('refuses without the token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.body).not.toContain('latchkey_');
    }
  });
});

describe('the metrics listener (LATCHKEY_METRICS_PORT)', () => {
  it('serves GET /metrics on its own port and nothing else', async () => {
    const own = createProviderMetrics({ processMetrics: false });
    const server = await startMetricsServer(own, '127.0.0.1', 0);
    try {
      const address = server.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const base = `http://127.0.0.1:${address.port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('latchkey_sign_ins_total');
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

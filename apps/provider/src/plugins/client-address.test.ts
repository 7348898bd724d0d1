/**
 * Issue 16 item 1 (SECURITY I7), through the real app: behind a trusted proxy only the address the
 * proxy saw counts, whatever the client writes on the left of X-Forwarded-For; without the
 * setting the socket address counts and forwarded headers are ignored.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../test/password-helpers.js';
import { WRONG_PASSWORD } from '../../test/password-lock-helpers.js';
import { startSecondInstance } from '../../test/second-instance.js';
import { createTestContext, json, sdkHeaders, type TestContext } from '../../test/test-app.js';
import { sha256Base64url } from '../crypto/hash.js';
import { IP_DELAY_FROM } from '../features/passwords/login-lockout.js';
import { DEFAULT_SEND_LIMITS } from '../features/projects/send-limits.js';
import { clientIpKey } from '../rate-limit/client-ip-key.js';

const PROXY = '127.0.0.1';

let behind: TestContext;
let direct: TestContext;
beforeAll(async () => {
  const devProject = { sendLimits: DEFAULT_SEND_LIMITS };
  [behind, direct] = await Promise.all([
    createTestContext({ trustedProxies: PROXY, devProject }),
    createTestContext({ devProject }),
  ]);
});
afterAll(async () => {
  await behind?.close();
  await direct?.close();
});

/** A call as a browser makes it, arriving from `socket` with `headers` added (e.g. X-Forwarded-For). */
function post(
  ctx: TestContext,
  path: string,
  payload: Record<string, unknown>,
  from: { socket: string; headers?: Record<string, string> },
  app = ctx.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/sdk/v1${path}`,
    headers: { ...sdkHeaders(ctx.dev.public_token), ...from.headers },
    remoteAddress: from.socket,
    payload,
  });
}

/** Through the proxy for `client`, after `spoofed` entries the client wrote itself. */
const viaProxy = (client: string, ...spoofed: string[]) => ({
  socket: PROXY,
  headers: { 'x-forwarded-for': [...spoofed, client].join(', ') },
});

const wrongLogin = (
  ctx: TestContext,
  email: string,
  from: { socket: string; headers?: Record<string, string> },
) => post(ctx, '/passwords/authenticate', { email, password: WRONG_PASSWORD }, from);

function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

/** The per-network failure count of `address` (its IPv4 address or IPv6 /64). */
async function networkFailures(ctx: TestContext, address: string): Promise<number | undefined> {
  const row = await ctx.db
    .selectFrom('login_failures')
    .select('failures')
    .where('scope', '=', 'password_login.ip')
    .where('key_hash', '=', sha256Base64url(clientIpKey(address)))
    .executeTakeFirst();
  return row?.failures;
}

/** The ip_address of the one session of the user a sign-up just created. */
async function sessionAddress(ctx: TestContext, response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode).toBe(200);
  const row = await ctx.db
    .selectFrom('sessions')
    .select('ip_address')
    .where('user_id', '=', json(response).data.user_id)
    .executeTakeFirstOrThrow();
  return row.ip_address;
}

const signUp = (
  ctx: TestContext,
  email: string,
  from: { socket: string; headers?: Record<string, string> },
  app = ctx.app,
) => post(ctx, '/passwords', { email, password: STRONG_PASSWORD, session_duration_minutes: 60 }, from, app);

describe('behind one trusted proxy (LATCHKEY_TRUSTED_PROXIES=127.0.0.1)', () => {
  it('70 wrong passwords with spoofed left-most entries meet the per-network limit: only the real client counts', async () => {
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < IP_DELAY_FROM + 20; i += 1) {
      responses.push(
        await wrongLogin(behind, `spray-${i}@example.com`, viaProxy('198.51.100.10', `203.0.114.${i}`)),
      );
    }
    expect(tally(responses)).toEqual({ 401: IP_DELAY_FROM, 429: 20 });
    expect(json(responses.at(-1) as LightMyRequestResponse).error_type).toBe('too_many_requests');
    expect(await networkFailures(behind, '198.51.100.10')).toBe(IP_DELAY_FROM);
    // Neither the spoofed entries nor the proxy itself were counted.
    expect(await networkFailures(behind, '203.0.114.1')).toBeUndefined();
    expect(await networkFailures(behind, PROXY)).toBeUndefined();
  });

  it('two real clients behind the proxy are counted apart', async () => {
    for (let i = 0; i < IP_DELAY_FROM; i += 1) {
      expect((await wrongLogin(behind, `apart-${i}@example.com`, viaProxy('198.51.100.11'))).statusCode).toBe(
        401,
      );
    }
    expect((await wrongLogin(behind, 'apart-a@example.com', viaProxy('198.51.100.11'))).statusCode).toBe(429);
    // The other client, through the same proxy, and even naming the first one on the left: its own count.
    expect(
      (await wrongLogin(behind, 'apart-b@example.com', viaProxy('198.51.100.12', '198.51.100.11')))
        .statusCode,
    ).toBe(401);
    expect(await networkFailures(behind, '198.51.100.12')).toBe(1);
  });

  it('IPv6 clients behind the proxy are counted per /64', async () => {
    for (let i = 0; i < IP_DELAY_FROM; i += 1) {
      const client = `2001:db8:16:1::${(i + 1).toString(16)}`;
      expect((await wrongLogin(behind, `v6-${i}@example.com`, viaProxy(client))).statusCode).toBe(401);
    }
    expect((await wrongLogin(behind, 'v6-a@example.com', viaProxy('2001:db8:16:1:ffff::1'))).statusCode).toBe(
      429,
    );
    expect((await wrongLogin(behind, 'v6-b@example.com', viaProxy('2001:db8:16:2::1'))).statusCode).toBe(401);
  });

  it('40 magic-link sends with spoofed left entries meet the per-network send cap', async () => {
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 40; i += 1) {
      responses.push(
        await post(
          behind,
          '/magic_links/email/login_or_create',
          { email: `cap-${i}@example.com` },
          viaProxy('198.51.100.13', `203.0.114.${i}`),
        ),
      );
    }
    expect(tally(responses)).toEqual({
      200: DEFAULT_SEND_LIMITS.ipPerWindow,
      429: 40 - DEFAULT_SEND_LIMITS.ipPerWindow,
    });
    expect(json(responses.at(-1) as LightMyRequestResponse).error_message).toMatch(/from this network/);
    // Another client behind the proxy still sends.
    const other = await post(
      behind,
      '/magic_links/email/login_or_create',
      { email: 'cap-other@example.com' },
      viaProxy('198.51.100.14'),
    );
    expect(other.statusCode).toBe(200);
  });

  it("the session records the address the proxy saw, not the client's left-most entry", async () => {
    expect(
      await sessionAddress(
        behind,
        await signUp(behind, 'seen@example.com', viaProxy('198.51.100.20', '6.6.6.6')),
      ),
    ).toBe('198.51.100.20');
  });

  it('a client connecting directly is its socket address, whatever it writes', async () => {
    const from = { socket: '198.51.100.30', headers: { 'x-forwarded-for': '6.6.6.6, 127.0.0.1' } };
    expect(await sessionAddress(behind, await signUp(behind, 'direct@example.com', from))).toBe(
      '198.51.100.30',
    );
  });

  it('a malformed entry written by the proxy counts as the proxy, never as the spoofed entry beside it', async () => {
    const from = { socket: PROXY, headers: { 'x-forwarded-for': '6.6.6.6, not-an-address' } };
    expect(await sessionAddress(behind, await signUp(behind, 'malformed@example.com', from))).toBe(PROXY);
  });

  it('with LATCHKEY_FORWARDED_HEADER=forwarded, Forwarded is read and X-Forwarded-For ignored', async () => {
    const second = await startSecondInstance(behind, { config: { forwardedHeader: 'forwarded' } });
    try {
      const quoted = {
        socket: PROXY,
        headers: {
          forwarded: 'for=6.6.6.6, for="[2001:db8:16:9::7]:4711";proto=https',
          'x-forwarded-for': '6.6.6.7',
        },
      };
      const viaForwarded = await signUp(behind, 'fwd@example.com', quoted, second.app);
      expect(await sessionAddress(behind, viaForwarded)).toBe('2001:db8:16:9::7');
      const xffOnly = { socket: PROXY, headers: { 'x-forwarded-for': '198.51.100.40' } };
      const viaXff = await signUp(behind, 'xff@example.com', xffOnly, second.app);
      expect(await sessionAddress(behind, viaXff)).toBe(PROXY);
    } finally {
      await second.close();
    }
  });
});

describe('without LATCHKEY_TRUSTED_PROXIES', () => {
  it('the socket address counts and forwarded headers are ignored', async () => {
    const socket = '192.0.2.50';
    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i <= IP_DELAY_FROM; i += 1) {
      const from = {
        socket,
        headers: { 'x-forwarded-for': `203.0.114.${i}`, forwarded: `for=203.0.115.${i}` },
      };
      responses.push(await wrongLogin(direct, `socket-${i}@example.com`, from));
    }
    expect(tally(responses)).toEqual({ 401: IP_DELAY_FROM, 429: 1 });
    expect(await networkFailures(direct, socket)).toBe(IP_DELAY_FROM);
    expect(await networkFailures(direct, '203.0.114.1')).toBeUndefined();
    const from = { socket, headers: { 'x-forwarded-for': '198.51.100.50' } };
    direct.clock.advance(15 * 60_000);
    expect(await sessionAddress(direct, await signUp(direct, 'socket@example.com', from))).toBe(socket);
  });

  it('an IPv4-mapped socket address is recorded as IPv4', async () => {
    const from = { socket: '::ffff:192.0.2.51' };
    expect(await sessionAddress(direct, await signUp(direct, 'mapped@example.com', from))).toBe('192.0.2.51');
  });
});

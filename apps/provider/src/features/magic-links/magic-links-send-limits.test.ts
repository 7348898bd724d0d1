/** SECURITY A5/A8/E3: send limits of the magic-link endpoints, on PGlite and (TEST_DATABASE_URL) PostgreSQL. */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, outboxFor } from '../../../test/magic-link-helpers.js';
import { countRows } from '../../../test/row-counts.js';
import { freshAddressesIn, type SdkCallOptions, sdkPost } from '../../../test/sdk-call.js';
import {
  createTestContext,
  DEMO_REDIRECT,
  json,
  outboxMailerFor,
  sdkHeaders,
} from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { buildApp } from '../../app.js';
import { cryptoRandom } from '../../random.js';
import { DEFAULT_SEND_LIMITS, type SendLimits } from '../projects/send-limits.js';

type Endpoint = 'login_or_create' | 'send/primary' | 'send/secondary';

const ctx = useTestContext({
  devProject: { sendLimits: DEFAULT_SEND_LIMITS },
});

/** A dev-like project with the default limits changed by `changes`. */
function givenLimitedProject(
  changes: Partial<SendLimits>,
  extra: { pkceRequiredForEmailMagicLinks?: boolean } = {},
) {
  return ctx.givenProject({
    isDev: true,
    defaultLoginRedirectUrl: DEMO_REDIRECT,
    defaultSignupRedirectUrl: DEMO_REDIRECT,
    sendLimits: { ...DEFAULT_SEND_LIMITS, ...changes },
    ...extra,
  });
}

// Each call comes from its own address unless a test names one, so only IP tests meet the IP limit.
const freshIp = freshAddressesIn(0);

function send(
  email: string,
  options: SdkCallOptions & { endpoint?: Endpoint; body?: Record<string, unknown> } = {},
): Promise<LightMyRequestResponse> {
  return sdkPost(
    ctx,
    `/magic_links/email/${options.endpoint ?? 'login_or_create'}`,
    { email, ...options.body },
    { ...options, ip: options.ip ?? freshIp() },
  );
}

/** Row counts of everything a send could touch (SECURITY §0 "nothing changed"). */
async function snapshot() {
  const tables = ['users', 'emails', 'magic_links', 'outbox_messages'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await countRows(ctx, t)])));
}

function expectTooManyForAddress(response: LightMyRequestResponse, seconds: number, wait: string) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(seconds));
  expect(json(response)).toMatchObject({
    status_code: 429,
    error_type: 'too_many_requests',
    error_message: `Too many emails were requested for this address. Try again in ${wait}.`,
    error_url: 'docs/provider-api.md#too_many_requests',
  });
}

describe('per recipient: 1 per 60 s', () => {
  it('refuses a second send within 60 s with 429 + Retry-After, and changes nothing', async () => {
    expect((await send('cooldown@example.com')).statusCode).toBe(200);
    ctx.clock.advance(15_000);
    const before = await snapshot();
    const refused = await send('cooldown@example.com');
    expectTooManyForAddress(refused, 45, '45 seconds');
    // The browser may read Retry-After cross-origin.
    expect(refused.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(await snapshot()).toEqual(before);
    expect(await outboxFor(ctx, 'cooldown@example.com')).toHaveLength(1);
  });

  it('sends again once the injected clock passes the interval', async () => {
    ctx.clock.advance(45_000);
    expect((await send('cooldown@example.com')).statusCode).toBe(200);
    expect(await outboxFor(ctx, 'cooldown@example.com')).toHaveLength(2);
  });

  it('counts an address however it is written: case, +tags', async () => {
    expect((await send('Tagged@Example.com')).statusCode).toBe(200);
    expect((await send('tagged@example.COM')).statusCode).toBe(429);
    expect((await send('tagged+other@example.com')).statusCode).toBe(429);
  });
});

describe('per recipient: 5 per 15 minutes', () => {
  it('refuses the 6th send within 15 minutes, then allows it when the window ends', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send('window@example.com')).statusCode, `send ${i + 1}`).toBe(200);
      ctx.clock.advance(61_000);
    }
    // 5 × 61 s = 305 s into the window: 595 s are left.
    expectTooManyForAddress(await send('window@example.com'), 595, '10 minutes');
    expect(await outboxFor(ctx, 'window@example.com')).toHaveLength(5);
    ctx.clock.advance(595_000);
    expect((await send('window@example.com')).statusCode).toBe(200);
  });
});

describe('enumeration safety (SECURITY E3)', () => {
  it('answers send/primary for a known and an unknown address with the same 429', async () => {
    await givenSignedInUser(ctx, 'known@example.com');
    ctx.clock.advance(61_000);
    const first = [await send('known@example.com', { endpoint: 'send/primary' })];
    first.push(await send('unknown@example.com', { endpoint: 'send/primary' }));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200]);
    ctx.clock.advance(10_000);
    const known = await send('known@example.com', { endpoint: 'send/primary' });
    const unknown = await send('unknown@example.com', { endpoint: 'send/primary' });
    for (const response of [known, unknown]) expectTooManyForAddress(response, 50, '50 seconds');
    const { request_id: _k, ...knownBody } = json(known);
    const { request_id: _u, ...unknownBody } = json(unknown);
    expect(knownBody).toEqual(unknownBody);
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });
});

describe('validation before budget', () => {
  it('a bad redirect, a bad email or a missing PKCE challenge uses up no budget', async () => {
    const badRedirect = await send('careful@example.com', {
      body: { login_magic_link_url: 'https://evil.example/authenticate' },
    });
    expect(json(badRedirect).error_type).toBe('invalid_redirect_url');
    expect((await send('careful@@example.com')).statusCode).toBe(400);
    const pkce = await givenLimitedProject({}, { pkceRequiredForEmailMagicLinks: true });
    const noChallenge = await send('careful@example.com', { publicToken: pkce.public_token });
    expect(json(noChallenge).error_type).toBe('pkce_mismatch');
    expect((await send('careful@example.com')).statusCode).toBe(200);
    expect((await send('careful@example.com', { publicToken: pkce.public_token })).statusCode).toBe(400);
  });
});

describe('per client IP', () => {
  it('refuses the 31st send from one IP within 15 minutes, whatever the address; other IPs are unaffected', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i++) {
      expect((await send(`ip-${i}@example.com`, { ip })).statusCode, `send ${i + 1}`).toBe(200);
    }
    const refused = await send('ip-victim@example.com', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(json(refused).error_message).toBe(
      'Too many emails were requested from this network. Try again in 15 minutes.',
    );
    expect(await outboxFor(ctx, 'ip-victim@example.com')).toHaveLength(0);
    // The refused request gave back the recipient hit it took: the address can still be sent to.
    expect((await send('ip-victim@example.com', { ip: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client per /64', async () => {
    const limited = await givenLimitedProject({ ipPerWindow: 2 });
    const from = (ip: string, email: string) => send(email, { ip, publicToken: limited.public_token });
    expect((await from('2001:db8:1:2::1', 'v6-a@example.com')).statusCode).toBe(200);
    expect((await from('2001:db8:1:2:ffff::9', 'v6-b@example.com')).statusCode).toBe(200);
    expect((await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd', 'v6-c@example.com')).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::1', 'v6-c@example.com')).statusCode).toBe(200);
  });
});

describe('per project', () => {
  it('refuses sends beyond the project cap with an hour-scale Retry-After', async () => {
    const small = await givenLimitedProject({ projectPerWindow: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await send(`cap-${i}@example.com`, {
        publicToken: small.public_token,
        ip: `192.0.2.${i}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBe('3600');
        expect(json(response).error_message).toBe(
          'This project has sent too many emails for now. Try again in 60 minutes.',
        );
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await outboxFor(ctx, 'cap-3@example.com')).toHaveLength(0);
  });
});

describe('send/secondary', () => {
  it('is limited per recipient like the other sends', async () => {
    const user = await givenSignedInUser(ctx, 'owner@example.com');
    const secondary = () =>
      send('second-address@example.com', { endpoint: 'send/secondary', sessionToken: user.session_token });
    expect((await secondary()).statusCode).toBe(200);
    expectTooManyForAddress(await secondary(), 60, '60 seconds');
  });
});

describe('concurrency (SECURITY A2/A5; meaningful on PostgreSQL)', () => {
  it('20 parallel sends to one address: exactly one 200 and one email', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => send('burst@example.com')));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(await outboxFor(ctx, 'burst@example.com')).toHaveLength(1);
  });

  it('20 parallel sends with 5 per window and no cooldown: exactly five 200s and five emails', async () => {
    const burst = await givenLimitedProject({ recipientIntervalSeconds: 0 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('burst5@example.com', { publicToken: burst.public_token, ip: `192.0.2.${100 + i}` }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(15);
    expect(await outboxFor(ctx, 'burst5@example.com')).toHaveLength(5);
  });
});

describe('limits live in the database (SECURITY A8)', () => {
  it('a restarted provider on the same database still refuses', async () => {
    expect((await send('restart@example.com')).statusCode).toBe(200);
    const restarted = buildApp(
      {
        mode: 'development',
        issuer: 'stytch.com',
        keyEncryptionSecret: 'test-key-encryption-secret',
      },
      {
        db: ctx.db,
        clock: ctx.clock,
        random: cryptoRandom,
        mailer: outboxMailerFor(ctx.db, ctx.clock),
      },
    );
    try {
      await restarted.ready();
      expect((await send('restart@example.com', { app: restarted })).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('expired buckets are deleted by the periodic sweep', async () => {
    ctx.clock.advance(2 * 60 * 60 * 1000);
    expect((await send('sweep@example.com')).statusCode).toBe(200);
    const rows = await ctx.db.selectFrom('rate_limit_buckets').select(['expires_at']).execute();
    // Only the buckets of the send just made are left, all in the future.
    expect(rows.length).toBe(4);
    for (const row of rows) expect(row.expires_at.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
  });
});

describe('LATCHKEY_SEND_LIMIT_* overrides', () => {
  it('apply to the development project only', async () => {
    const local = await createTestContext({
      devProject: { sendLimits: DEFAULT_SEND_LIMITS },
      sendLimitOverrides: { recipientIntervalSeconds: 0, recipientPerWindow: 3 },
    });
    try {
      const other = await local.givenProject({
        allowedOrigins: ['http://localhost:4100'],
        allowedRedirectUrls: ['http://localhost:4100/authenticate'],
        defaultLoginRedirectUrl: 'http://localhost:4100/authenticate',
        sendLimits: DEFAULT_SEND_LIMITS,
      });
      const statuses = async (publicToken: string) => {
        const out = [];
        for (let i = 0; i < 4; i++) {
          const response = await local.app.inject({
            method: 'POST',
            url: '/sdk/v1/magic_links/email/login_or_create',
            headers: sdkHeaders(publicToken),
            payload: { email: 'resend@example.com' },
          });
          out.push(response.statusCode);
        }
        return out;
      };
      expect(await statuses(local.dev.public_token)).toEqual([200, 200, 200, 429]);
      expect(await statuses(other.public_token)).toEqual([200, 429, 429, 429]);
    } finally {
      await local.close();
    }
  });
});

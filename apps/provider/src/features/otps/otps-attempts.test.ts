import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../../../test/captured-logger.js';
import {
  authenticateOtp,
  givenCodeSent,
  otpSnapshot,
  sendOtp,
  wrongCode,
} from '../../../test/otp-helpers.js';
import { sessionCountOf } from '../../../test/row-counts.js';
import { drainDeliveries, json, outboxMailerFor, type TestContext } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { buildApp } from '../../app.js';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { createOutboxMessenger } from '../../messaging/outbox-messenger.js';
import { cryptoRandom } from '../../random.js';
import { OTP_MESSAGES } from './otps-authenticate.service.js';

const { logger, raw: logLines } = capturedLogger('trace');
const ctx = useTestContext({ logger });

async function attemptsOf(methodId: string): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('otp_codes')
    .select(['attempts'])
    .where('method_id', '=', methodId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.attempts);
}

describe('attempt limit (SECURITY A1)', () => {
  it.each(['email', 'sms', 'whatsapp'] as const)(
    '%s: 4 wrong → "try again", the 5th kills the code, and the right code fails afterwards',
    async (channel) => {
      const to =
        channel === 'email'
          ? `a1-${channel}@example.com`
          : channel === 'sms'
            ? '+14155552001'
            : '+14155552002';
      const sent = await givenCodeSent(ctx, channel, to);
      const wrong = wrongCode(sent.code);
      for (let i = 1; i <= 4; i += 1) {
        const response = await authenticateOtp(ctx, wrong, sent.method_id);
        expect(response.statusCode).toBe(401);
        expect(json(response)).toMatchObject({
          error_type: 'unable_to_auth_otp_code',
          error_message: OTP_MESSAGES.invalid,
        });
      }
      const fifth = await authenticateOtp(ctx, wrong, sent.method_id);
      expect(json(fifth)).toMatchObject({
        error_type: 'unable_to_auth_otp_code',
        error_message: OTP_MESSAGES.lastAttempt,
      });
      const before = await otpSnapshot(ctx);
      const right = await authenticateOtp(ctx, sent.code, sent.method_id);
      expect(right.statusCode).toBe(401);
      expect(json(right)).toMatchObject({
        error_type: 'unable_to_auth_otp_code',
        error_message: OTP_MESSAGES.tooManyAttempts,
      });
      expect(await otpSnapshot(ctx)).toEqual(before);
      expect(await attemptsOf(sent.method_id)).toEqual([5]);
      // A new code starts afresh.
      const next = await givenCodeSent(ctx, channel, to);
      expect((await authenticateOtp(ctx, next.code, next.method_id)).statusCode).toBe(200);
    },
  );

  it('the right code on the 5th attempt still works', async () => {
    const sent = await givenCodeSent(ctx, 'email', 'fifth-try@example.com');
    for (let i = 0; i < 4; i += 1) await authenticateOtp(ctx, wrongCode(sent.code), sent.method_id);
    expect((await authenticateOtp(ctx, sent.code, sent.method_id)).statusCode).toBe(200);
  });
});

describe('parallel guessing (SECURITY A2)', () => {
  it('200 concurrent wrong guesses: exactly 5 are evaluated, the counter says 5, the right code then fails', async () => {
    const sent = await givenCodeSent(ctx, 'sms', '+14155552003');
    const wrong = wrongCode(sent.code);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => authenticateOtp(ctx, wrong, sent.method_id)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(200).fill(401));
    const messages = responses.map((r) => json(r).error_message as string);
    const evaluated = messages.filter((m) => m === OTP_MESSAGES.invalid || m === OTP_MESSAGES.lastAttempt);
    expect(evaluated).toHaveLength(5);
    expect(messages.filter((m) => m === OTP_MESSAGES.lastAttempt)).toHaveLength(1);
    expect(messages.filter((m) => m === OTP_MESSAGES.tooManyAttempts)).toHaveLength(195);
    expect(await attemptsOf(sent.method_id)).toEqual([5]);
    expect((await authenticateOtp(ctx, sent.code, sent.method_id)).statusCode).toBe(401);
    expect(await attemptsOf(sent.method_id)).toEqual([5]);
  });

  it('20 concurrent right answers give exactly one session', async () => {
    const sent = await givenCodeSent(ctx, 'email', 'race-right@example.com');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => authenticateOtp(ctx, sent.code, sent.method_id)),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await sessionCountOf(ctx, sent.user_id)).toBe(1);
  });
});

describe('two provider processes on one database (SECURITY A8)', () => {
  let second: TestContext['app'];
  let secondPool: DatabaseHandle | undefined;
  beforeAll(async () => {
    // On PostgreSQL the second app gets its own connection pool, as a second process would.
    const url = ctx.database.url;
    secondPool = url ? await connectDatabase({ kind: 'postgres', url, poolSize: 5 }) : undefined;
    const deps = { db: secondPool?.db ?? ctx.db, clock: ctx.clock, random: cryptoRandom };
    second = buildApp(
      {
        mode: 'development',
        issuer: 'stytch.com',
        keyEncryptionSecret: 'test-key-encryption-secret',
      },
      {
        ...deps,
        mailer: outboxMailerFor(deps.db, deps.clock),
        messenger: createOutboxMessenger({ ...deps, outboxUrl: 'x', announce: () => {} }),
      },
    );
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
  });

  it('wrong guesses spread round-robin over both share one limit of 5', async () => {
    const sent = await givenCodeSent(ctx, 'whatsapp', '+14155552004', { app: second });
    const apps = [ctx.app, second];
    const messages: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const response = await authenticateOtp(ctx, wrongCode(sent.code), sent.method_id, { app: apps[i % 2] });
      messages.push(json(response).error_message);
    }
    expect(messages).toEqual([
      ...Array(4).fill(OTP_MESSAGES.invalid),
      OTP_MESSAGES.lastAttempt,
      ...Array(3).fill(OTP_MESSAGES.tooManyAttempts),
    ]);
    for (const app of apps) {
      expect((await authenticateOtp(ctx, sent.code, sent.method_id, { app })).statusCode).toBe(401);
    }
  });

  it('a code sent through one is superseded by a code sent through the other', async () => {
    const first = await givenCodeSent(ctx, 'email', 'two-apps@example.com');
    let next = await givenCodeSent(ctx, 'email', 'two-apps@example.com', { app: second });
    while (next.code === first.code)
      next = await givenCodeSent(ctx, 'email', 'two-apps@example.com', { app: second });
    expect((await authenticateOtp(ctx, first.code, first.method_id, { app: second })).statusCode).toBe(401);
    expect((await authenticateOtp(ctx, next.code, next.method_id)).statusCode).toBe(200);
  });
});

describe('enumeration (SECURITY E3)', () => {
  const sendPrimary = async (to: string) => {
    const sent = json(await sendOtp(ctx, 'email', to, { endpoint: 'send/primary' }));
    await drainDeliveries(ctx);
    return sent;
  };
  const attempt = async (methodId: string) => {
    const response = await authenticateOtp(ctx, '000000', methodId);
    return [response.statusCode, json(response).error_type, json(response).error_message];
  };

  it('a code for an unknown recipient fails exactly like one for a known recipient, step by step', async () => {
    await givenCodeSent(ctx, 'email', 'e3-known@example.com');
    const known = await sendPrimary('e3-known@example.com');
    const unknown = await sendPrimary('e3-unknown@example.com');
    expect(Object.keys(unknown.data).sort()).toEqual(Object.keys(known.data).sort());
    // 000000 is wrong for the known code unless it drew exactly that (1 in 10⁶).
    for (let i = 0; i < 6; i += 1) {
      expect(await attempt(unknown.data.method_id)).toEqual(await attempt(known.data.method_id));
    }
  });

  it('and expires the same way', async () => {
    const known = await sendPrimary('e3-known@example.com');
    const unknown = await sendPrimary('e3-unknown@example.com');
    ctx.clock.advance(5 * 60_000);
    const expired = await attempt(known.data.method_id);
    expect(expired[2]).toBe(OTP_MESSAGES.expired);
    expect(await attempt(unknown.data.method_id)).toEqual(expired);
  });
});

it('stores and logs no plaintext code (SECURITY B10)', async () => {
  const sent = await givenCodeSent(ctx, 'sms', '+14155552006');
  await authenticateOtp(ctx, wrongCode(sent.code), sent.method_id);
  await authenticateOtp(ctx, sent.code, sent.method_id);
  const rows = await ctx.db
    .selectFrom('otp_codes')
    .selectAll()
    .where('method_id', '=', sent.method_id)
    .execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]?.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(rows[0]?.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
  // Word boundaries: a code's digits may turn up inside a longer number (a timestamp) by chance.
  const plain = new RegExp(`(?<![0-9A-Za-z_-])${sent.code}(?![0-9A-Za-z_-])`);
  expect(JSON.stringify(rows)).not.toMatch(plain);
  const sessions = await ctx.db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', sent.user_id)
    .execute();
  expect(JSON.stringify(sessions)).not.toMatch(plain);
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('')).not.toMatch(plain);
});

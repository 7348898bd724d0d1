/** One-time passcodes by SMS and WhatsApp: sign-in, outbox shape, phone validation (F6), send limits (PGlite and TEST_DATABASE_URL). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outboxFor } from '../../../test/magic-link-helpers.js';
import {
  authenticateOtp,
  givenCodeSent,
  latestCode,
  otpSnapshot,
  sendOtp,
} from '../../../test/otp-helpers.js';
import { sdkGet } from '../../../test/sdk-call.js';
import { DEMO_REDIRECT, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { noMessenger } from '../../messaging/messenger.js';
import { DEFAULT_SEND_LIMITS } from '../projects/send-limits.js';

const ctx = useTestContext();

describe.each(['sms', 'whatsapp'] as const)('%s', (channel) => {
  const number = channel === 'sms' ? '+14155552671' : '+447911123456';

  it('signs up with a code sent to the E.164 form of the typed number', async () => {
    const typed = channel === 'sms' ? '+1 (415) 555-2671' : '+44 7911 123456';
    const sent = await sendOtp(ctx, channel, typed);
    expect(sent.statusCode).toBe(200);
    const { data } = json(sent);
    expect(Object.keys(data).sort()).toEqual([
      'method_id',
      'phone_id',
      'request_id',
      'status_code',
      'user_id',
    ]);
    expect(data.method_id).toMatch(/^phone-number-test-[0-9a-f-]{36}$/);
    expect(data.phone_id).toBe(data.method_id);

    const [message] = await outboxFor(ctx, number);
    expect(message).toEqual({
      id: expect.any(String),
      channel,
      to: number,
      from: 'Latchkey',
      subject: '',
      text: expect.stringMatching(
        /^Your Development project code is \d{6}\. It expires in 5 minutes\. If you did not ask for it, ignore this message\.$/,
      ),
      html: '',
      created_at: ctx.clock.now().toISOString(),
    });

    const response = await authenticateOtp(ctx, await latestCode(ctx, number), data.method_id);
    expect(response.statusCode).toBe(200);
    const auth = json(response).data;
    expect(auth.method_id).toBe(data.method_id);
    expect(auth.user.emails).toEqual([]);
    expect(auth.user.phone_numbers).toEqual([
      { phone_id: data.method_id, phone_number: number, verified: true },
    ]);
    expect(auth.session.authentication_factors).toEqual([
      {
        type: 'otp',
        delivery_method: channel,
        last_authenticated_at: ctx.clock.now().toISOString(),
        phone_number_factor: { phone_id: data.method_id, phone_number: number },
      },
    ]);
    // The wire User of later calls carries the number too.
    const me = await sdkGet(ctx, '/users/me', { sessionToken: auth.session_token });
    expect(json(me).data.phone_numbers).toEqual(auth.user.phone_numbers);
  });

  it('a known number gets a login code for the same user', async () => {
    const again = await givenCodeSent(ctx, channel, number);
    const response = await authenticateOtp(ctx, again.code, again.method_id);
    expect(response.statusCode).toBe(200);
    expect(json(response).data.user.phone_numbers).toHaveLength(1);
  });
});

it('SMS and WhatsApp codes to one number replace each other', async () => {
  const bySms = await givenCodeSent(ctx, 'sms', '+12125550123');
  let byWhatsapp = await givenCodeSent(ctx, 'whatsapp', '+12125550123');
  while (byWhatsapp.code === bySms.code) byWhatsapp = await givenCodeSent(ctx, 'whatsapp', '+12125550123');
  expect(byWhatsapp.method_id).toBe(bySms.method_id);
  expect((await authenticateOtp(ctx, bySms.code, bySms.method_id)).statusCode).toBe(401);
  expect((await authenticateOtp(ctx, byWhatsapp.code, byWhatsapp.method_id)).statusCode).toBe(200);
});

it('accepts the fictional example number of the wire docs', async () => {
  const sent = await givenCodeSent(ctx, 'sms', '+15555550100');
  expect((await authenticateOtp(ctx, sent.code, sent.method_id)).statusCode).toBe(200);
});

describe('phone validation (SECURITY F6): 400 and nothing counted, stored or sent', () => {
  it.each([
    ['no country code', '4155552671', 'invalid_phone_number'],
    ['too short', '+1415555267', 'invalid_phone_number'],
    ['unassigned area code', '+11234567890', 'invalid_phone_number'],
    ['letters', '+1 415 FLOWERS', 'invalid_phone_number'],
    ['an extension', '+1 415 555 2671 ext. 3', 'invalid_phone_number'],
    ['premium rate', '+19005550123', 'invalid_phone_number'],
    ['two plus signs', '++14155552671', 'invalid_phone_number'],
    ['CRLF injection', '+14155552671\r\nX-Header: 1', 'invalid_request'],
    ['a NUL', '+1415555\u00002671', 'invalid_request'],
    ['empty', '', 'invalid_request'],
    ['too long', `+1${'4'.repeat(80)}`, 'invalid_request'],
  ])('%s', async (_name, phone, errorType) => {
    const before = await otpSnapshot(ctx);
    const response = await sendOtp(ctx, 'sms', phone);
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe(errorType);
    expect(await otpSnapshot(ctx)).toEqual(before);
  });

  it('premium-rate numbers get a message saying so', async () => {
    const response = await sendOtp(ctx, 'whatsapp', '+19005550123');
    expect(json(response).error_message).toBe(
      'Passcodes cannot be sent to premium-rate or shared-cost numbers.',
    );
  });

  it('property: any string that is not a valid international number → 400, nothing stored', async () => {
    const before = await otpSnapshot(ctx);
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      // Digits without the leading + (no default country).
      fc.stringMatching(/^[0-9 ()-]{1,20}$/),
      // A + and too few or too many digits for any country.
      fc.stringMatching(/^\+[0-9]{1,3}$/),
      fc.stringMatching(/^\+[0-9]{18,30}$/),
      // A valid number with control characters spliced in.
      fc
        .tuple(
          fc.integer({ min: 1, max: 11 }),
          fc.constantFrom('\r', '\n', '\t', '\u0000', '\u007f', '\u0085'),
        )
        .map(([at, control]) => `+14155552671`.slice(0, at) + control + `+14155552671`.slice(at)),
    );
    await fc.assert(
      fc.asyncProperty(junk, async (phone) => {
        const response = await sendOtp(ctx, 'sms', phone);
        expect(response.statusCode).toBe(400);
        expect(['invalid_phone_number', 'invalid_request']).toContain(json(response).error_type);
      }),
      { numRuns: 150 },
    );
    expect(await otpSnapshot(ctx)).toEqual(before);
  });
});

describe('send limits per phone number (SECURITY A5, E3)', () => {
  it('the second code within the cooldown → 429 for known and unknown numbers alike, nothing sent', async () => {
    const limited = await ctx.givenProject({
      isDev: true,
      defaultLoginRedirectUrl: DEMO_REDIRECT,
      sendLimits: DEFAULT_SEND_LIMITS,
    });
    const options = { publicToken: limited.public_token };
    expect((await sendOtp(ctx, 'sms', '+14155550001', options)).statusCode).toBe(200);
    const unknown = await sendOtp(ctx, 'sms', '+14155550002', { ...options, endpoint: 'send/primary' });
    expect(unknown.statusCode).toBe(200);
    const before = await otpSnapshot(ctx);
    const refusals = [
      await sendOtp(ctx, 'sms', '+14155550001', options),
      await sendOtp(ctx, 'whatsapp', '+14155550001', options),
      await sendOtp(ctx, 'sms', '+14155550002', { ...options, endpoint: 'send/primary' }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('60');
      expect(json(response).error_message).toBe(
        'Too many codes were requested for this phone number. Try again in 60 seconds.',
      );
    }
    expect(await otpSnapshot(ctx)).toEqual(before);
    // Emails have their own budget: the number's limit does not touch them.
    expect((await sendOtp(ctx, 'email', 'limit-sibling@example.com', options)).statusCode).toBe(200);
  });
});

describe('without a messaging transport (production without LATCHKEY_SMS_API_URL)', () => {
  const prod = useTestContext({ mode: 'production', messenger: noMessenger });

  it('SMS and WhatsApp sends → 503 service_unavailable before anything is counted or stored; email works', async () => {
    for (const channel of ['sms', 'whatsapp'] as const) {
      const response = await sendOtp(prod, channel, '+14155552671');
      expect(response.statusCode).toBe(503);
      expect(json(response)).toMatchObject({
        error_type: 'service_unavailable',
        error_message: `This provider is not configured to send ${channel === 'sms' ? 'SMS' : 'WhatsApp'} messages.`,
      });
    }
    expect(await prod.db.selectFrom('rate_limit_buckets').selectAll().execute()).toEqual([]);
    expect(await otpSnapshot(prod)).toMatchObject({ users: 0, phone_numbers: 0, otp_codes: 0 });
    expect((await sendOtp(prod, 'email', 'prod@example.com')).statusCode).toBe(200);
  });
});

/** One-time passcodes by email: sign-up, sign-in, secondary, expiry, resend, bad input (PGlite and TEST_DATABASE_URL). */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, outboxFor } from '../../../test/magic-link-helpers.js';
import {
  authenticateOtp,
  givenCodeSent,
  otpSnapshot,
  sendOtp,
  wrongCode,
} from '../../../test/otp-helpers.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

const MINUTE = 60_000;

describe('login_or_create + authenticate', () => {
  it('creates the user, emails a 6-digit code, and signs in with it', async () => {
    const sent = await sendOtp(ctx, 'email', 'New.Person@Example.com');
    expect(sent.statusCode).toBe(200);
    const { data } = json(sent);
    expect(Object.keys(data).sort()).toEqual([
      'email_id',
      'method_id',
      'request_id',
      'status_code',
      'user_id',
    ]);
    expect(data.method_id).toMatch(/^email-test-[0-9a-f-]{36}$/);
    expect(data.email_id).toBe(data.method_id);

    const [email] = await outboxFor(ctx, 'new.person@example.com');
    expect(email).toMatchObject({ channel: 'email', to: 'new.person@example.com' });
    // Issue 16 item 6: the subject (SMTP headers, mail logs, lock screens) never holds the code.
    expect(email?.subject).toBe('Your Development project code');
    const code = /^Your Development project code is (\d{6})\./.exec(email?.text ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(email?.html).not.toMatch(/<title>[^<]*\d{6}/);
    expect(email?.text).toContain('This code expires in 5 minutes and can be used once.');
    expect(email?.text).toContain('If you did not ask for this code, you can ignore this email');
    expect(email?.html).toContain(`>${code}</p>`);
    expect(email?.html).toMatch(/^<!doctype html>/);

    const response = await authenticateOtp(ctx, code, data.method_id);
    expect(response.statusCode).toBe(200);
    const auth = json(response).data;
    expect(auth.method_id).toBe(data.method_id);
    expect(auth.user_id).toBe(data.user_id);
    expect(auth.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.user).toEqual(auth.__user);
    expect(auth.user.status).toBe('active');
    expect(auth.user.emails).toEqual([
      { email_id: data.method_id, email: 'new.person@example.com', verified: true },
    ]);
    expect(auth.session.authentication_factors).toEqual([
      {
        type: 'otp',
        delivery_method: 'email',
        last_authenticated_at: ctx.clock.now().toISOString(),
        email_factor: { email_id: data.method_id, email_address: 'new.person@example.com' },
      },
    ]);
  });

  it('a known address gets a login code for the same user and method', async () => {
    const first = await givenCodeSent(ctx, 'email', 'again@example.com');
    expect((await authenticateOtp(ctx, first.code, first.method_id)).statusCode).toBe(200);
    const second = await givenCodeSent(ctx, 'email', 'again@example.com');
    expect(second).toMatchObject({ method_id: first.method_id, user_id: first.user_id });
    const response = await authenticateOtp(ctx, second.code, second.method_id);
    expect(json(response).data.user_id).toBe(first.user_id);
  });

  it('a used code cannot be used again', async () => {
    const sent = await givenCodeSent(ctx, 'email', 'once@example.com');
    expect((await authenticateOtp(ctx, sent.code, sent.method_id)).statusCode).toBe(200);
    const again = await authenticateOtp(ctx, sent.code, sent.method_id);
    expect(again.statusCode).toBe(401);
    expect(json(again)).toMatchObject({
      error_type: 'unable_to_auth_otp_code',
      error_message: 'Invalid passcode, please try again.',
    });
  });

  it('a wrong code → 401 unable_to_auth_otp_code; the right one still works afterwards', async () => {
    const sent = await givenCodeSent(ctx, 'email', 'typo@example.com');
    const wrong = await authenticateOtp(ctx, wrongCode(sent.code), sent.method_id);
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({
      status_code: 401,
      error_type: 'unable_to_auth_otp_code',
      error_message: 'Invalid passcode, please try again.',
      error_url: 'docs/provider-api.md#unable_to_auth_otp_code',
    });
    expect((await authenticateOtp(ctx, sent.code, sent.method_id)).statusCode).toBe(200);
  });
});

describe('expiry (SECURITY B5) and resend (SECURITY B6)', () => {
  it('works one second before expiry and not one second after, with expiration_minutes from the request', async () => {
    const early = await givenCodeSent(ctx, 'email', 'ttl-ok@example.com', {
      body: { expiration_minutes: 2 },
    });
    const late = await givenCodeSent(ctx, 'email', 'ttl-late@example.com', {
      body: { expiration_minutes: 2 },
    });
    ctx.clock.advance(2 * MINUTE - 1000);
    expect((await authenticateOtp(ctx, early.code, early.method_id)).statusCode).toBe(200);
    ctx.clock.advance(2000);
    const before = await otpSnapshot(ctx);
    const expired = await authenticateOtp(ctx, late.code, late.method_id);
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toMatchObject({
      error_type: 'unable_to_auth_otp_code',
      error_message: 'This passcode has expired: request a new code.',
    });
    expect(await otpSnapshot(ctx)).toEqual(before);
  });

  it("defaults to the project's 5 minutes", async () => {
    const sent = await givenCodeSent(ctx, 'email', 'ttl-default@example.com');
    ctx.clock.advance(5 * MINUTE);
    expect((await authenticateOtp(ctx, sent.code, sent.method_id)).statusCode).toBe(401);
  });

  it('a new code replaces the old one: the first code fails, the newest works', async () => {
    const first = await givenCodeSent(ctx, 'email', 'resend@example.com');
    let second = await givenCodeSent(ctx, 'email', 'resend@example.com');
    // Two sends can draw the same code (1 in 10⁶); the test needs them to differ.
    while (second.code === first.code) second = await givenCodeSent(ctx, 'email', 'resend@example.com');
    expect(second.method_id).toBe(first.method_id);
    const stale = await authenticateOtp(ctx, first.code, first.method_id);
    expect(stale.statusCode).toBe(401);
    expect(json(stale).error_type).toBe('unable_to_auth_otp_code');
    expect((await authenticateOtp(ctx, second.code, second.method_id)).statusCode).toBe(200);
    const open = await ctx.db
      .selectFrom('otp_codes')
      .select('id')
      .where('destination', '=', 'resend@example.com')
      .where('consumed_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toHaveLength(0);
  });
});

describe('send/primary and send/secondary', () => {
  it('answers the same shape for unknown and known addresses, and never sends a code to an unknown one (SECURITY E3)', async () => {
    await givenCodeSent(ctx, 'email', 'known-primary@example.com');
    const known = await sendOtp(ctx, 'email', 'known-primary@example.com', { endpoint: 'send/primary' });
    const users = await otpSnapshot(ctx);
    const unknown = await sendOtp(ctx, 'email', 'nobody-primary@example.com', { endpoint: 'send/primary' });
    const again = await sendOtp(ctx, 'email', 'nobody-primary@example.com', { endpoint: 'send/primary' });
    for (const response of [known, unknown]) expect(response.statusCode).toBe(200);
    const shape = (r: typeof known) => Object.keys(json(r).data).sort();
    expect(shape(unknown)).toEqual(shape(known));
    expect(json(unknown).data.method_id).toMatch(/^email-test-[0-9a-f-]{36}$/);
    expect(json(unknown).data.user_id).toMatch(/^user-test-[0-9a-f-]{36}$/);
    // Stable pseudo ids: asking twice does not reveal that they are made up.
    expect(json(again).data).toMatchObject({
      method_id: json(unknown).data.method_id,
      user_id: json(unknown).data.user_id,
    });
    const after = await otpSnapshot(ctx);
    expect(after.users).toBe(users.users);
    expect(after.emails).toBe(users.emails);
    const [stub] = await outboxFor(ctx, 'nobody-primary@example.com');
    expect(stub?.subject).toBe('Sign-in attempt at Development project');
    expect(stub?.text).not.toMatch(/\d{6}/);
    // Failures look like those of a real account (a decoy code stands behind the pseudo id).
    const attempt = await authenticateOtp(ctx, '123456', json(unknown).data.method_id);
    expect(json(attempt)).toMatchObject({
      error_type: 'unable_to_auth_otp_code',
      error_message: 'Invalid passcode, please try again.',
    });
  });

  it('send/secondary needs a session and adds the address only when its code is used', async () => {
    const noSession = await sendOtp(ctx, 'email', 'second@example.com', { endpoint: 'send/secondary' });
    expect(noSession.statusCode).toBe(401);
    expect(json(noSession).error_type).toBe('user_unauthenticated');

    const signedIn = await givenSignedInUser(ctx, 'first@example.com');
    const sent = await givenCodeSent(ctx, 'email', 'second@example.com', {
      endpoint: 'send/secondary',
      sessionToken: signedIn.session_token,
    });
    expect(sent.user_id).toBe(signedIn.user_id);
    expect(
      await ctx.db.selectFrom('emails').where('email', '=', 'second@example.com').selectAll().execute(),
    ).toEqual([]);
    // Only the asker's session may use the code (otps-secondary.test.ts, issue 16).
    const response = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: signedIn.session_token,
    });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(signedIn.user_id);
    const emails = data.user.emails.map((e: { email: string; verified: boolean }) => [e.email, e.verified]);
    expect(emails.sort()).toEqual([
      ['first@example.com', true],
      ['second@example.com', true],
    ]);
  });

  it("send/secondary for someone else's address sends nothing and answers with the caller's user id", async () => {
    await givenCodeSent(ctx, 'email', 'taken@example.com');
    const signedIn = await givenSignedInUser(ctx, 'squatter@example.com');
    const before = (await outboxFor(ctx, 'taken@example.com')).length;
    const response = await sendOtp(ctx, 'email', 'taken@example.com', {
      endpoint: 'send/secondary',
      sessionToken: signedIn.session_token,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data.user_id).toBe(signedIn.user_id);
    expect(await outboxFor(ctx, 'taken@example.com')).toHaveLength(before);
  });
});

describe('bad input → 400 invalid_request, nothing stored or sent', () => {
  it.each([
    ['letters in the code', { token: '12a456', method_id: 'email-test-x' }],
    ['7 digits', { token: '1234567', method_id: 'email-test-x' }],
    ['5 digits', { token: '12345', method_id: 'email-test-x' }],
    ['a number instead of a string', { token: 123456, method_id: 'email-test-x' }],
    ['empty method_id', { token: '123456', method_id: '' }],
    ['no method_id', { token: '123456' }],
  ])('authenticate with %s', async (_name, body) => {
    const before = await otpSnapshot(ctx);
    const response = await sdkPost(ctx, '/otps/authenticate', body);
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('invalid_request');
    expect(await otpSnapshot(ctx)).toEqual(before);
  });

  it.each([
    ['expiration_minutes 0', { expiration_minutes: 0 }],
    ['expiration_minutes 11', { expiration_minutes: 11 }],
    ['expiration_minutes "5"', { expiration_minutes: '5' }],
    ['a CRLF in the address', { email: 'a@example.com\r\nBcc: b@example.com' }],
    ['no address', { email: '' }],
  ])('send with %s', async (_name, body) => {
    const before = await otpSnapshot(ctx);
    const response = await sendOtp(ctx, 'email', 'bad-input@example.com', { body });
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('invalid_request');
    expect(await otpSnapshot(ctx)).toEqual(before);
  });
});

/**
 * Issue 16 item 2: a code from `send/secondary` adds an address or number to the user who asked
 * for it, and only with that user's live session (or IST); it never signs anyone in by itself.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import {
  authenticateOtp,
  givenCodeSent,
  otpSnapshot,
  sendOtp,
  wrongCode,
} from '../../../test/otp-helpers.js';
import { json, sdkHeaders } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

/** The stored code of `methodId` (its attempts and consumption are what a refusal must not touch). */
const codeRow = (methodId: string) =>
  ctx.db
    .selectFrom('otp_codes')
    .select(['attempts', 'consumed_at', 'revoked_at'])
    .where('method_id', '=', methodId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

const emailsNamed = (email: string) =>
  ctx.db.selectFrom('emails').select(['id', 'user_id']).where('email', '=', email).execute();

const revoke = (sessionToken: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/sessions/revoke',
    headers: sdkHeaders(ctx.dev.public_token, sessionToken),
  });

/** A signed-in user who asked for a code to add `email`. */
async function givenSecondaryCode(owner: string, email: string) {
  const signedIn = await givenSignedInUser(ctx, owner);
  const sent = await givenCodeSent(ctx, 'email', email, {
    endpoint: 'send/secondary',
    sessionToken: signedIn.session_token,
  });
  return { signedIn, sent };
}

const refusal = (response: Awaited<ReturnType<typeof authenticateOtp>>) => [
  response.statusCode,
  json(response).error_type,
  json(response).error_message,
];
const INVALID = [401, 'unable_to_auth_otp_code', 'Invalid passcode, please try again.'];

describe('a secondary code is refused without its user’s live session, and nothing changes', () => {
  it('signed out (the login-CSRF of issue 16): no session, no address, no attempt spent', async () => {
    const { sent } = await givenSecondaryCode('csrf-owner@example.com', 'csrf-added@example.com');
    const before = { counts: await otpSnapshot(ctx), code: await codeRow(sent.method_id) };
    const response = await authenticateOtp(ctx, sent.code, sent.method_id);
    expect(refusal(response)).toEqual(INVALID);
    expect({ counts: await otpSnapshot(ctx), code: await codeRow(sent.method_id) }).toEqual(before);
    expect(await emailsNamed('csrf-added@example.com')).toEqual([]);
  });

  it("with another user's session: refused, that session unchanged, the code still the owner's", async () => {
    const { signedIn, sent } = await givenSecondaryCode('owner-b@example.com', 'added-b@example.com');
    const other = await givenSignedInUser(ctx, 'other-b@example.com');
    const before = { counts: await otpSnapshot(ctx), code: await codeRow(sent.method_id) };
    const response = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: other.session_token,
    });
    expect(refusal(response)).toEqual(INVALID);
    expect({ counts: await otpSnapshot(ctx), code: await codeRow(sent.method_id) }).toEqual(before);
    const redeemed = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: signedIn.session_token,
    });
    expect(redeemed.statusCode).toBe(200);
  });

  it('with a revoked or an expired session of the owner: refused, nothing changed', async () => {
    const revoked = await givenSecondaryCode('owner-c@example.com', 'added-c@example.com');
    expect((await revoke(revoked.signedIn.session_token)).statusCode).toBe(200);
    let before = { counts: await otpSnapshot(ctx), code: await codeRow(revoked.sent.method_id) };
    const afterRevoke = await authenticateOtp(ctx, revoked.sent.code, revoked.sent.method_id, {
      sessionToken: revoked.signedIn.session_token,
    });
    expect(refusal(afterRevoke)).toEqual(INVALID);
    expect({ counts: await otpSnapshot(ctx), code: await codeRow(revoked.sent.method_id) }).toEqual(before);

    const signedIn = await givenSignedInUser(ctx, 'owner-d@example.com', 5);
    const sent = await givenCodeSent(ctx, 'email', 'added-d@example.com', {
      endpoint: 'send/secondary',
      sessionToken: signedIn.session_token,
      body: { expiration_minutes: 10 },
    });
    ctx.clock.advance(5 * 60_000 + 1000); // the session ended; the code has minutes left
    before = { counts: await otpSnapshot(ctx), code: await codeRow(sent.method_id) };
    const expired = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: signedIn.session_token,
    });
    expect(refusal(expired)).toEqual(INVALID);
    expect({ counts: await otpSnapshot(ctx), code: await codeRow(sent.method_id) }).toEqual(before);
  });

  it('wrong guesses without the session spend none of the owner’s five attempts', async () => {
    const { signedIn, sent } = await givenSecondaryCode('owner-e@example.com', 'added-e@example.com');
    for (let i = 0; i < 7; i += 1) {
      const guess = await authenticateOtp(ctx, wrongCode(sent.code), sent.method_id);
      expect(refusal(guess)).toEqual(INVALID);
    }
    expect((await codeRow(sent.method_id)).attempts).toBe(0);
    const redeemed = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: signedIn.session_token,
    });
    expect(redeemed.statusCode).toBe(200);
  });

  it("a decoy (someone else's address) answers a signed-out caller exactly like a real secondary code (SECURITY E3)", async () => {
    await givenSignedInUser(ctx, 'taken-f@example.com');
    const asker = await givenSignedInUser(ctx, 'asker-f@example.com');
    const decoy = await sendOtp(ctx, 'email', 'taken-f@example.com', {
      endpoint: 'send/secondary',
      sessionToken: asker.session_token,
    });
    const real = await givenCodeSent(ctx, 'email', 'free-f@example.com', {
      endpoint: 'send/secondary',
      sessionToken: asker.session_token,
    });
    const decoyId = json(decoy).data.method_id as string;
    const answers = async (methodId: string) => {
      const seen = [];
      for (let i = 0; i < 6; i += 1) seen.push(refusal(await authenticateOtp(ctx, '000000', methodId)));
      return seen;
    };
    expect(await answers(decoyId)).toEqual(await answers(real.method_id));
    expect((await codeRow(decoyId)).attempts).toBe((await codeRow(real.method_id)).attempts);
  });
});

describe('with the owner’s live session the code adds the address to that same session', () => {
  it('attaches and verifies the address, adds the factor, answers the presented session (no new one)', async () => {
    const { signedIn, sent } = await givenSecondaryCode('owner-g@example.com', 'added-g@example.com');
    const sessions = (await otpSnapshot(ctx)).sessions;
    ctx.clock.advance(1000);
    const response = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: signedIn.session_token,
      body: { session_duration_minutes: 120 },
    });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.session_id).toBe(signedIn.session.session_id);
    expect(data.user_id).toBe(signedIn.user_id);
    expect(data.method_id).toBe(sent.method_id);
    expect(data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
      'magic_link',
      'otp',
    ]);
    expect(data.session.authentication_factors[1].email_factor).toEqual({
      email_id: sent.method_id,
      email_address: 'added-g@example.com',
    });
    expect(Date.parse(data.session.expires_at) - ctx.clock.now().getTime()).toBe(120 * 60_000);
    expect((await otpSnapshot(ctx)).sessions).toBe(sessions);
    expect(await emailsNamed('added-g@example.com')).toEqual([
      { id: sent.method_id, user_id: signedIn.user_id },
    ]);
    const again = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: signedIn.session_token,
    });
    expect(refusal(again)).toEqual(INVALID);
  });

  it('a login code is still a sign-in: a session token in Basic auth is ignored (SECURITY D1)', async () => {
    const signedIn = await givenSignedInUser(ctx, 'login-h@example.com');
    const sent = await givenCodeSent(ctx, 'email', 'login-h@example.com', { endpoint: 'send/primary' });
    const response = await authenticateOtp(ctx, sent.code, sent.method_id, {
      sessionToken: signedIn.session_token,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data.session_token).not.toBe(signedIn.session_token);
  });
});

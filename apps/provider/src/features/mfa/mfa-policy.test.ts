/** docs/contracts.md "Multi-factor policy": on a project that requires MFA every primary sign-in but a passkey gives an IST, and a second factor turns it into a session. */
import { describe, expect, it } from 'vitest';
import { devWalletCaller, ethereumWallet, signInWithWallet } from '../../../test/crypto-wallet-helpers.js';
import { givenVerifiedPhone } from '../../../test/given-factors.js';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { authenticateOtp, givenCodeSent, latestCode, sendOtp } from '../../../test/otp-helpers.js';
import { postPasswords, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { countRows, rowCounts } from '../../../test/row-counts.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import {
  authenticateTotp,
  callSdk,
  currentCode,
  givenIst,
  givenMfaUser,
  mfaSnapshot,
  passwordSignIn,
  recoverWith,
} from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { VirtualAuthenticator } from '../../../test/virtual-authenticator.js';
import { assertionFor, devCaller, finishSignIn, registerWith } from '../../../test/webauthn-helpers.js';

const ctx = useTestContext({ devProject: { mfaRequired: true } });

const IST = /^ist-[A-Za-z0-9_-]{43}$/;
const typesOf = (data: { session: { authentication_factors: Array<{ type: string }> } }) =>
  data.session.authentication_factors.map((f) => f.type);

describe('primary sign-ins answer with an intermediate session', () => {
  it('password: the IST shape, no session row; a TOTP code then makes a session with both factors', async () => {
    const user = await givenMfaUser(ctx, 'policy@example.com');
    const sessions = await countRows(ctx, 'sessions');
    const response = await passwordSignIn(ctx, user.email);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(Object.keys(data).sort()).toEqual(
      [
        '__user',
        'intermediate_session_token',
        'mfa_required',
        'request_id',
        'session',
        'session_jwt',
        'session_token',
        'status_code',
        'user',
        'user_id',
      ].sort(),
    );
    expect(data).toMatchObject({
      status_code: 200,
      user_id: user.user_id,
      session_token: '',
      session_jwt: '',
      session: null,
      mfa_required: { totp: true, sms: false, enrol: false },
    });
    expect(data.intermediate_session_token).toMatch(IST);
    expect(data.user.user_id).toBe(user.user_id);
    expect(data.__user).toEqual(data.user);
    expect(data.user.totps).toEqual([{ totp_id: user.totp_id, verified: true }]);
    expect(await countRows(ctx, 'sessions')).toBe(sessions);

    const completed = await authenticateTotp(
      ctx,
      data.intermediate_session_token,
      currentCode(ctx, user.secret),
    );
    expect(completed.statusCode).toBe(200);
    const done = json(completed).data;
    expect(done.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(done.session_token).not.toBe(data.intermediate_session_token);
    expect(done.session_jwt.split('.')).toHaveLength(3);
    expect(done.totp_id).toBe(user.totp_id);
    expect(typesOf(done)).toEqual(['password', 'totp']);
    expect(done.session.authentication_factors[0].delivery_method).toBe('knowledge');
    expect(await countRows(ctx, 'sessions')).toBe(sessions + 1);
    // The new session works like any other.
    const me = await callSdk(ctx, done.session_token, '/users/me', undefined, { method: 'GET' });
    expect(me.statusCode).toBe(200);
  });

  it('sign-up by password with nothing to prove yet: enrol, then the first code completes the sign-in', async () => {
    const created = await postPasswords(ctx, '/passwords', {
      email: 'new@example.com',
      password: STRONG_PASSWORD,
    });
    const { data } = json(created);
    expect(data).toMatchObject({
      session: null,
      session_token: '',
      mfa_required: { totp: false, sms: false, enrol: true },
    });
    expect(data.email_id).toMatch(/^email-test-/);
    const totp = json(await callSdk(ctx, data.intermediate_session_token, '/totps', {})).data;
    const done = await authenticateTotp(ctx, data.intermediate_session_token, currentCode(ctx, totp.secret));
    expect(done.statusCode).toBe(200);
    expect(json(done).data.__user.totps).toEqual([{ totp_id: totp.totp_id, verified: true }]);
    expect(typesOf(json(done).data)).toEqual(['password', 'totp']);
  });

  it('magic link, email passcode and crypto wallet sign-ins give ISTs too (no session rows)', async () => {
    const sessions = await countRows(ctx, 'sessions');
    await requestMagicLink(ctx, 'link@example.com');
    const link = json(await authenticateMagicLink(ctx, await latestToken(ctx, 'link@example.com'))).data;
    expect(link).toMatchObject({ session: null, session_token: '', session_jwt: '' });
    expect(link.intermediate_session_token).toMatch(IST);
    expect(link.method_id).toMatch(/^email-test-/);

    const sent = await givenCodeSent(ctx, 'email', 'otp@example.com');
    const otp = json(await authenticateOtp(ctx, sent.code, sent.method_id)).data;
    expect(otp).toMatchObject({ session: null, mfa_required: { enrol: true } });
    expect(otp.intermediate_session_token).toMatch(IST);

    const wallet = ethereumWallet();
    const { response } = await signInWithWallet(ctx, devWalletCaller(ctx), wallet);
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toMatchObject({ session: null, session_token: '' });
    expect(json(response).data.crypto_wallet_id).toMatch(/^crypto-wallet-test-/);
    expect(json(response).data.intermediate_session_token).toMatch(IST);
    expect(await countRows(ctx, 'sessions')).toBe(sessions);
  });

  it('a password change with the existing password signs in through MFA as well', async () => {
    const user = await givenMfaUser(ctx, 'change@example.com');
    const response = await postPasswords(ctx, '/passwords/existing_password/reset', {
      email: user.email,
      existing_password: STRONG_PASSWORD,
      new_password: `${STRONG_PASSWORD}-2`,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toMatchObject({ session: null, mfa_required: { totp: true } });
  });

  it('the server-facing magic-link redemption answers with the IST as well', async () => {
    await requestMagicLink(ctx, 'server@example.com');
    const response = await postServerApi(ctx, '/v1/magic_links/authenticate', devProjectAuthorization(ctx), {
      token: await latestToken(ctx, 'server@example.com'),
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ session: null, session_token: '', session_jwt: '' });
    expect(json(response).intermediate_session_token).toMatch(IST);
  });
});

describe('second factors', () => {
  it('a passkey sign-in is complete by itself: a session, no IST', async () => {
    const user = await givenMfaUser(ctx, 'passkey@example.com');
    const authenticator = new VirtualAuthenticator();
    const registered = await registerWith(ctx, devCaller(ctx, user.session_token), authenticator);
    expect(registered.statusCode).toBe(200);
    const response = await finishSignIn(ctx, devCaller(ctx), await assertionFor(ctx, authenticator));
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data).not.toHaveProperty('intermediate_session_token');
    expect(typesOf(data)).toEqual(['webauthn']);
  });

  it('a recovery code completes the sign-in and is used up', async () => {
    const user = await givenMfaUser(ctx, 'recover@example.com');
    const ist = await givenIst(ctx, user.email);
    const before = await mfaSnapshot(ctx);
    const response = await recoverWith(ctx, ist, (user.recovery_codes[0] as string).toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(typesOf(json(response).data)).toEqual(['password', 'recovery_codes']);
    expect(json(response).data.totp_id).toBe(user.totp_id);
    expect((await mfaSnapshot(ctx)).unusedCodes).toBe(before.unusedCodes - 1);
    const again = await recoverWith(ctx, await givenIst(ctx, user.email), user.recovery_codes[0] as string);
    expect(statusAndErrorType(again)).toEqual([401, 'invalid_recovery_code']);
  });

  it('an SMS code to the verified number completes the sign-in; another number is refused', async () => {
    const phone = '+14155550123';
    const created = json(
      await postPasswords(ctx, '/passwords', { email: 'sms@example.com', password: STRONG_PASSWORD }),
    ).data;
    await givenVerifiedPhone(ctx, {
      id: 'phone-number-test-00000000-0000-4000-8000-000000000001',
      userId: created.user_id,
      phoneNumber: phone,
    });
    const signIn = json(await passwordSignIn(ctx, 'sms@example.com')).data;
    expect(signIn.mfa_required).toEqual({ totp: false, sms: true, enrol: false });
    const ist = signIn.intermediate_session_token;

    // Someone with the password alone may not add an authenticator app in place of the phone.
    const enrol = await callSdk(ctx, ist, '/totps', {});
    expect(statusAndErrorType(enrol)).toEqual([403, 'mfa_required']);
    const before = await rowCounts(ctx, ['otp_codes', 'outbox_messages', 'phone_numbers']);
    const elsewhere = await sendOtp(ctx, 'sms', '+14155550199', {
      endpoint: 'send/secondary',
      sessionToken: ist,
    });
    expect(statusAndErrorType(elsewhere)).toEqual([400, 'invalid_phone_number']);
    expect(await rowCounts(ctx, ['otp_codes', 'outbox_messages', 'phone_numbers'])).toEqual(before);

    const sent = await sendOtp(ctx, 'sms', phone, { endpoint: 'send/secondary', sessionToken: ist });
    expect(sent.statusCode).toBe(200);
    const methodId = json(sent).data.phone_id;
    const response = await callSdk(ctx, ist, '/otps/authenticate', {
      token: await latestCode(ctx, phone),
      method_id: methodId,
      session_duration_minutes: 60,
    });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.method_id).toBe(methodId);
    expect(typesOf(data)).toEqual(['password', 'otp']);
    expect(data.session.authentication_factors[1].phone_number_factor.phone_number).toBe(phone);
    const reuse = await authenticateTotp(ctx, ist, '000000');
    expect(statusAndErrorType(reuse)).toEqual([401, 'intermediate_session_not_found']);
  });
});

import { describe, expect } from 'vitest';
import { it } from '../testing/client-test.js';
import { expectApiError } from '../testing/expect-api-error.js';
import { expectArgumentError } from '../testing/expect-argument-error.js';
import { expectSignedInAs } from '../testing/expect-signed-in.js';
import { apiError, createTestClient, destroyTestClients, ok } from '../testing/fakes.js';
import { STORED_USER, withInternalUser } from '../testing/wire-objects.js';

const EMAIL_SENT = {
  request_id: 'r',
  status_code: 200,
  user_id: 'user-test-1',
  method_id: 'email-test-1',
  email_id: 'email-test-1',
};
const PHONE_SENT = {
  request_id: 'r',
  status_code: 200,
  user_id: 'user-test-1',
  method_id: 'phone-number-test-1',
  phone_id: 'phone-number-test-1',
};

/** A client whose every OTP send route answers; signed in when asked. */
function otpClient(signedIn = false) {
  return createTestClient({
    signedIn,
    prepare(setup) {
      for (const suffix of ['login_or_create', 'send/primary', 'send/secondary']) {
        setup.fetch.on(`POST /otps/email/${suffix}`, ok(EMAIL_SENT));
        setup.fetch.on(`POST /otps/sms/${suffix}`, ok(PHONE_SENT));
        setup.fetch.on(`POST /otps/whatsapp/${suffix}`, ok(PHONE_SENT));
      }
    },
  });
}

describe('otps.email', () => {
  it('sends the options in wire order, then the email, and returns the send data', async () => {
    const { client, fetch } = otpClient();
    const result = await client.otps.email.loginOrCreate('ada@example.com', {
      signupTemplateId: 'tpl-signup',
      locale: 'en',
      loginTemplateId: 'tpl-login',
      expirationMinutes: 5,
    });
    expect(result).toEqual(EMAIL_SENT);
    const [request] = fetch.calls('POST /otps/email/login_or_create');
    expect(request!.body).toBe(
      '{"expiration_minutes":5,"locale":"en","login_template_id":"tpl-login",' +
        '"signup_template_id":"tpl-signup","email":"ada@example.com"}',
    );
    expect(request!.url).toBe('http://provider.test/sdk/v1/otps/email/login_or_create');
  });

  it('drops absent options', async () => {
    const { client, fetch } = otpClient();
    await client.otps.email.loginOrCreate('ada@example.com');
    expect(fetch.calls('POST /otps/email/login_or_create')[0]!.body).toBe('{"email":"ada@example.com"}');
  });

  it('send uses /primary when signed out and /secondary when signed in', async () => {
    const signedOut = otpClient();
    await signedOut.client.otps.email.send('ada@example.com');
    expect(signedOut.fetch.calls('POST /otps/email/send/primary')).toHaveLength(1);
    expect(signedOut.fetch.calls('POST /otps/email/send/secondary')).toHaveLength(0);
    destroyTestClients();
    const signedIn = otpClient(true);
    await signedIn.client.otps.email.send('second@example.com', { expirationMinutes: 2 });
    expect(signedIn.fetch.calls('POST /otps/email/send/primary')).toHaveLength(0);
    expect(signedIn.fetch.calls('POST /otps/email/send/secondary')[0]!.json).toEqual({
      expiration_minutes: 2,
      email: 'second@example.com',
    });
  });

  it('checks the email and options before any request, naming the argument', async () => {
    const { client, fetch } = otpClient();
    await expect(client.otps.email.loginOrCreate('not-an-email')).rejects.toThrow(
      'email must be a valid email address',
    );
    await expect(
      client.otps.email.send('ada@example.com', { expirationMinutes: '5' as unknown as number }),
    ).rejects.toMatchObject({ code: 'invalid_argument', argument: 'expirationMinutes' });
    await expect(
      client.otps.email.loginOrCreate('ada@example.com', { loginTemplateId: 7 as unknown as string }),
    ).rejects.toMatchObject({ argument: 'loginTemplateId' });
    await expect(
      client.otps.email.loginOrCreate('ada@example.com', null as unknown as undefined),
    ).rejects.toMatchObject({ argument: 'options' });
    expect(fetch.requests.filter((r) => r.url.includes('/otps/'))).toHaveLength(0);
  });
});

describe('otps.sms and otps.whatsapp', () => {
  it('sms sends options in wire order, then phone_number', async () => {
    const { client, fetch } = otpClient();
    const result = await client.otps.sms.loginOrCreate('+15555550100', {
      autofillSessionDurationMinutes: 30,
      enableAutofill: true,
      locale: 'es',
      expirationMinutes: 10,
    });
    expect(result).toEqual(PHONE_SENT);
    expect(fetch.calls('POST /otps/sms/login_or_create')[0]!.body).toBe(
      '{"expiration_minutes":10,"locale":"es","enable_autofill":true,' +
        '"autofill_session_duration_minutes":30,"phone_number":"+15555550100"}',
    );
  });

  it('whatsapp sends only its two options, then phone_number', async () => {
    const { client, fetch } = otpClient();
    await client.otps.whatsapp.loginOrCreate('+447700900123', {
      locale: 'en',
      expirationMinutes: 3,
      // An SMS-only option must not reach the WhatsApp body.
      enableAutofill: true,
    } as never);
    expect(fetch.calls('POST /otps/whatsapp/login_or_create')[0]!.body).toBe(
      '{"expiration_minutes":3,"locale":"en","phone_number":"+447700900123"}',
    );
  });

  it('send picks /primary or /secondary from the local state for both channels', async () => {
    const signedOut = otpClient();
    await signedOut.client.otps.sms.send('+15555550100');
    await signedOut.client.otps.whatsapp.send('+15555550100');
    expect(signedOut.fetch.calls('POST /otps/sms/send/primary')).toHaveLength(1);
    expect(signedOut.fetch.calls('POST /otps/whatsapp/send/primary')).toHaveLength(1);
    destroyTestClients();
    const signedIn = otpClient(true);
    await signedIn.client.otps.sms.send('+15555550100');
    await signedIn.client.otps.whatsapp.send('+15555550100');
    expect(signedIn.fetch.calls('POST /otps/sms/send/secondary')[0]!.json).toEqual({
      phone_number: '+15555550100',
    });
    expect(signedIn.fetch.calls('POST /otps/whatsapp/send/secondary')).toHaveLength(1);
  });

  it.each([
    ['5555550100', 'no plus sign'],
    ['+1 555 555 0100', 'spaces'],
    ['+1-555-555-0100', 'punctuation'],
    ['+0123456789', 'a country code starting with 0'],
    ['+12345', 'too few digits'],
    ['+1234567890123456', 'too many digits'],
    ['', 'empty'],
  ])('rejects %j (%s) and points to parsePhoneNumber', async (phone) => {
    const { client, fetch } = otpClient();
    const error = await expectArgumentError(client.otps.sms.loginOrCreate(phone), {
      argument: 'phoneNumber',
    });
    expect(String(error)).toContain('E.164');
    expect(String(error)).toContain('parsePhoneNumber');
    await expect(client.otps.whatsapp.send(phone)).rejects.toMatchObject({ argument: 'phoneNumber' });
    expect(fetch.requests.filter((r) => r.url.includes('/otps/'))).toHaveLength(0);
  });

  it('rejects a non-string phone number and bad SMS options by name', async () => {
    const { client } = otpClient();
    await expect(client.otps.sms.send(15555550100 as unknown as string)).rejects.toThrow(
      'phoneNumber must be a string',
    );
    await expect(
      client.otps.sms.send('+15555550100', { enableAutofill: 'yes' as unknown as boolean }),
    ).rejects.toMatchObject({ argument: 'enableAutofill' });
    await expect(
      client.otps.sms.send('+15555550100', { autofillSessionDurationMinutes: Number.NaN }),
    ).rejects.toMatchObject({ argument: 'autofillSessionDurationMinutes' });
    await expect(
      client.otps.whatsapp.send('+15555550100', { locale: 1 as unknown as string }),
    ).rejects.toMatchObject({ argument: 'locale' });
  });
});

describe('otps.authenticate', () => {
  it('sends token, method_id, session_duration_minutes and signs in like magic links', async () => {
    const { client, fetch, cookies, storage } = createTestClient();
    fetch.on('POST /otps/authenticate', ok(withInternalUser({ method_id: 'phone-number-test-1' })));
    cookies.set('stytch_intermediate_session_token=ist; Path=/');
    const result = await client.otps.authenticate('123456', 'phone-number-test-1', {
      sessionDurationMinutes: 60,
    });
    expect(fetch.calls('POST /otps/authenticate')[0]!.body).toBe(
      '{"token":"123456","method_id":"phone-number-test-1","session_duration_minutes":60}',
    );
    expect('__user' in result).toBe(false);
    expect(result.method_id).toBe('phone-number-test-1');
    expect(result.user).toEqual(STORED_USER);
    expectSignedInAs({ client, cookies, storage }, STORED_USER);
  });

  it('passes a wrong code through as the wire error and leaves the state signed out', async () => {
    const { client, fetch } = createTestClient();
    fetch.on(
      'POST /otps/authenticate',
      apiError(401, 'unable_to_auth_otp_code', 'The passcode is incorrect or expired.'),
    );
    await expectApiError(client.otps.authenticate('000000', 'email-test-1', { sessionDurationMinutes: 60 }), {
      code: 'unable_to_auth_otp_code',
      status: 401,
    });
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
  });

  it('checks code, methodId and sessionDurationMinutes, naming each', async () => {
    const { client, fetch } = createTestClient();
    const attempt = (code: unknown, methodId: unknown, options: unknown) =>
      client.otps
        .authenticate(code as string, methodId as string, options as { sessionDurationMinutes: number })
        .catch((e: unknown) => e);
    expect(String(await attempt(123456, 'm', { sessionDurationMinutes: 5 }))).toBe(
      'LatchkeyArgumentError: code must be a string',
    );
    expect(String(await attempt('', 'm', { sessionDurationMinutes: 5 }))).toBe(
      'LatchkeyArgumentError: code must not be empty',
    );
    expect(await attempt('123456', '', { sessionDurationMinutes: 5 })).toMatchObject({
      argument: 'methodId',
    });
    expect(await attempt('123456', undefined, { sessionDurationMinutes: 5 })).toMatchObject({
      argument: 'methodId',
    });
    expect(await attempt('123456', 'm', {})).toMatchObject({ argument: 'sessionDurationMinutes' });
    expect(await attempt('123456', 'm', undefined)).toMatchObject({ argument: 'sessionDurationMinutes' });
    expect(await attempt('123456', 'm', 'x')).toMatchObject({ argument: 'options' });
    expect(fetch.calls('POST /otps/authenticate')).toHaveLength(0);
  });
});

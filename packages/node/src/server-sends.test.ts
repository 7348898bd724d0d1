/** magicLinks.email.* and otps.*: the request each call makes, and what it refuses before any request. */
import { describe, expect, it } from 'vitest';
import { flatSessionAnswer, onlyProjectRequest, useFakeServerApi } from '../test/helpers/fake-server-api.js';
import type { LatchkeyServerClient } from './create-server-client.js';

const api = useFakeServerApi();
const { givenProvider } = api;

const emailAnswer = { status_code: 200, request_id: 'r-1', user_id: 'user-test-1', email_id: 'email-test-1' };
const phoneAnswer = {
  status_code: 200,
  request_id: 'r-2',
  user_id: 'user-test-1',
  phone_id: 'phone-number-test-1',
};

type Call = [
  name: string,
  path: string,
  answer: object,
  call: (client: LatchkeyServerClient) => Promise<unknown>,
  body: object,
];

const CALLS: Call[] = [
  [
    'magicLinks.email.send',
    '/v1/magic_links/email/send',
    emailAnswer,
    (c) => c.magicLinks.email.send({ email: 'a@example.com', user_id: 'user-test-1' }),
    { email: 'a@example.com', user_id: 'user-test-1' },
  ],
  [
    'magicLinks.email.loginOrCreate',
    '/v1/magic_links/email/login_or_create',
    { ...emailAnswer, user_created: true },
    (c) =>
      c.magicLinks.email.loginOrCreate({
        email: 'a@example.com',
        create_user_as_pending: true,
        attributes: { ip_address: '203.0.113.1' },
      }),
    { email: 'a@example.com', create_user_as_pending: true, attributes: { ip_address: '203.0.113.1' } },
  ],
  [
    'magicLinks.email.invite',
    '/v1/magic_links/email/invite',
    emailAnswer,
    (c) => c.magicLinks.email.invite({ email: 'a@example.com', name: { first_name: 'Ada' } }),
    { email: 'a@example.com', name: { first_name: 'Ada' } },
  ],
  [
    'magicLinks.email.revokeInvite',
    '/v1/magic_links/email/revoke_invite',
    { status_code: 200, request_id: 'r' },
    (c) => c.magicLinks.email.revokeInvite({ email: 'a@example.com' }),
    { email: 'a@example.com' },
  ],
  [
    'otps.email.send',
    '/v1/otps/email/send',
    emailAnswer,
    (c) => c.otps.email.send({ email: 'a@example.com', expiration_minutes: 5 }),
    { email: 'a@example.com', expiration_minutes: 5 },
  ],
  [
    'otps.email.loginOrCreate',
    '/v1/otps/email/login_or_create',
    { ...emailAnswer, user_created: false },
    (c) => c.otps.email.loginOrCreate({ email: 'a@example.com' }),
    { email: 'a@example.com' },
  ],
  [
    'otps.sms.send',
    '/v1/otps/sms/send',
    phoneAnswer,
    (c) => c.otps.sms.send({ phone_number: '+14155550100', session_token: 't' }),
    { phone_number: '+14155550100', session_token: 't' },
  ],
  [
    'otps.sms.loginOrCreate',
    '/v1/otps/sms/login_or_create',
    { ...phoneAnswer, user_created: true },
    (c) => c.otps.sms.loginOrCreate({ phone_number: '+14155550100' }),
    { phone_number: '+14155550100' },
  ],
  [
    'otps.whatsapp.send',
    '/v1/otps/whatsapp/send',
    phoneAnswer,
    (c) => c.otps.whatsapp.send({ phone_number: '+14155550100' }),
    { phone_number: '+14155550100' },
  ],
  [
    'otps.whatsapp.loginOrCreate',
    '/v1/otps/whatsapp/login_or_create',
    { ...phoneAnswer, user_created: true },
    (c) => c.otps.whatsapp.loginOrCreate({ phone_number: '+14155550100' }),
    { phone_number: '+14155550100' },
  ],
];

describe.each(CALLS)('%s', (_name, path, answer, call, body) => {
  it(`POSTs the request to ${path} with Basic project credentials and returns the flat answer`, async () => {
    const client = givenProvider(200, answer);
    expect(await call(client)).toEqual(answer);
    expect(onlyProjectRequest(api)).toEqual({ method: 'POST', path, body });
  });
});

describe('what the sends refuse', () => {
  it('an empty recipient is invalid_argument before any request', async () => {
    const client = givenProvider(200, emailAnswer);
    await expect(client.magicLinks.email.send({ email: '' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    await expect(client.magicLinks.email.revokeInvite({ email: '' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    await expect(client.otps.sms.send({ phone_number: '' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(api.server.requests).toHaveLength(0);
  });

  it('an answer without the ids is invalid_response; an error answer is its error_type', async () => {
    await expect(
      givenProvider(200, { status_code: 200 }).otps.email.send({ email: 'a@example.com' }),
    ).rejects.toMatchObject({
      code: 'invalid_response',
    });
    const notFound = givenProvider(404, {
      status_code: 404,
      request_id: 'r',
      error_type: 'email_not_found',
      error_message: 'No user of this project has this email address.',
      error_url: 'https://example.com/errors#email_not_found',
    });
    await expect(notFound.magicLinks.email.send({ email: 'a@example.com' })).rejects.toMatchObject({
      name: 'LatchkeyServerError',
      code: 'email_not_found',
      status: 404,
    });
  });
});

describe('otps.authenticate', () => {
  const success = flatSessionAnswer({
    request_id: 'r-3',
    user_id: 'user-test-0001',
    method_id: 'phone-number-test-1',
  });

  it('POSTs method_id and code with the options and returns the flat answer', async () => {
    const client = givenProvider(200, success);
    const result = await client.otps.authenticate('phone-number-test-1', '123456', {
      session_duration_minutes: 60,
      session_jwt: 'a.b.c',
      session_custom_claims: { plan: 'pro' },
    });
    expect(result).toEqual(success);
    expect(api.server.requests[0]?.path).toBe('/v1/otps/authenticate');
    expect(JSON.parse(api.server.requests[0]?.body ?? '')).toEqual({
      method_id: 'phone-number-test-1',
      code: '123456',
      session_duration_minutes: 60,
      session_jwt: 'a.b.c',
      session_custom_claims: { plan: 'pro' },
    });
  });

  it('an empty method id or code is invalid_argument before any request', async () => {
    const client = givenProvider(200, success);
    await expect(client.otps.authenticate('', '123456')).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(client.otps.authenticate('phone-number-test-1', '')).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(api.server.requests).toHaveLength(0);
  });
});

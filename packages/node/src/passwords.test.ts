import { describe, expect, it } from 'vitest';
import { onlyProjectRequest, useFakeServerApi } from '../test/helpers/fake-server-api.js';
import type { LatchkeyServerClient } from './create-server-client.js';

type Client = LatchkeyServerClient;

const api = useFakeServerApi();
const { givenProvider } = api;
const common = { status_code: 200, request_id: 'request-id-test-0001' };

const onlyRequest = () => onlyProjectRequest(api);

describe('passwords', () => {
  const calls = [
    ['create', (c: Client, r: object) => c.passwords.create(r as never), '/v1/passwords'],
    [
      'authenticate',
      (c: Client, r: object) => c.passwords.authenticate(r as never),
      '/v1/passwords/authenticate',
    ],
    [
      'strengthCheck',
      (c: Client, r: object) => c.passwords.strengthCheck(r as never),
      '/v1/passwords/strength_check',
    ],
    ['migrate', (c: Client, r: object) => c.passwords.migrate(r as never), '/v1/passwords/migrate'],
    [
      'email.resetStart',
      (c: Client, r: object) => c.passwords.email.resetStart(r as never),
      '/v1/passwords/email/reset/start',
    ],
    [
      'email.reset',
      (c: Client, r: object) => c.passwords.email.reset(r as never),
      '/v1/passwords/email/reset',
    ],
    [
      'existingPassword.reset',
      (c: Client, r: object) => c.passwords.existingPassword.reset(r as never),
      '/v1/passwords/existing_password/reset',
    ],
    [
      'sessions.reset',
      (c: Client, r: object) => c.passwords.sessions.reset(r as never),
      '/v1/passwords/session/reset',
    ],
  ] as const;

  it.each(calls)(
    '%s POSTs the request to its path and returns the flat answer',
    async (_name, call, path) => {
      const answer = { ...common, user_id: 'user-test-0001' };
      const client = givenProvider(200, answer);
      const request = { email: 'ada@example.com', password: 'violet-harbour-kettle-73-marmalade' };
      expect(await call(client, request)).toEqual(answer);
      expect(onlyRequest()).toEqual({ method: 'POST', path, body: request });
    },
  );

  it('a provider error becomes LatchkeyServerError with its code; without a secret nothing is sent', async () => {
    const client = givenProvider(401, {
      status_code: 401,
      request_id: 'request-id-test-0002',
      error_type: 'unauthorized_credentials',
      error_message: 'The email or password is incorrect.',
      error_url: 'docs/provider-api.md#unauthorized_credentials',
    });
    await expect(
      client.passwords.authenticate({ email: 'a@example.com', password: 'x' }),
    ).rejects.toMatchObject({
      name: 'LatchkeyServerError',
      code: 'unauthorized_credentials',
      status: 401,
    });
    const secretless = givenProvider(200, {}, { secret: undefined });
    api.server.requests.length = 0;
    await expect(secretless.passwords.strengthCheck({ password: 'x' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(api.server.requests).toHaveLength(0);
  });
});

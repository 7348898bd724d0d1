import { describe, expect, it } from 'vitest';
import { onlyProjectRequest, useFakeServerApi } from '../test/helpers/fake-server-api.js';
import type { LatchkeyServerClient } from './create-server-client.js';

type Client = LatchkeyServerClient;

const api = useFakeServerApi();
const { givenProvider } = api;
const common = { status_code: 200, request_id: 'request-id-test-0001' };

const onlyRequest = () => onlyProjectRequest(api);

describe('totps', () => {
  const calls = [
    ['create', (c: Client, r: object) => c.totps.create(r as never), '/v1/totps'],
    ['authenticate', (c: Client, r: object) => c.totps.authenticate(r as never), '/v1/totps/authenticate'],
    [
      'recoveryCodes',
      (c: Client, r: object) => c.totps.recoveryCodes(r as never),
      '/v1/totps/recovery_codes',
    ],
    ['recover', (c: Client, r: object) => c.totps.recover(r as never), '/v1/totps/recover'],
  ] as const;

  it.each(calls)(
    '%s POSTs the request to its path and returns the flat answer',
    async (_name, call, path) => {
      const answer = { ...common, user_id: 'user-test-0001', totp_id: 'totp-test-0001' };
      const client = givenProvider(200, answer);
      const request = { user_id: 'user-test-0001', totp_code: '123456', session_token: 'token' };
      expect(await call(client, request)).toEqual(answer);
      expect(onlyRequest()).toEqual({ method: 'POST', path, body: request });
    },
  );

  it('a provider error becomes LatchkeyServerError with its code; without a secret nothing is sent', async () => {
    const client = givenProvider(401, {
      status_code: 401,
      request_id: 'request-id-test-0002',
      error_type: 'invalid_totp_code',
      error_message: 'The authenticator app code is wrong.',
      error_url: 'docs/provider-api.md#invalid_totp_code',
    });
    await expect(
      client.totps.authenticate({ user_id: 'user-test-0001', totp_code: '000000', session_token: 't' }),
    ).rejects.toMatchObject({ name: 'LatchkeyServerError', code: 'invalid_totp_code', status: 401 });
    const secretless = givenProvider(200, {}, { secret: undefined });
    api.server.requests.length = 0;
    await expect(secretless.totps.recoveryCodes({ user_id: 'user-test-0001' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(api.server.requests).toHaveLength(0);
  });
});

/** The server client's passkey calls (`/v1/webauthn…`) against a fake provider. */
import { describe, expect, it } from 'vitest';
import { onlyProjectRequest, useFakeServerApi } from '../test/helpers/fake-server-api.js';
import type { LatchkeyServerClient } from './create-server-client.js';

type Client = LatchkeyServerClient;

const api = useFakeServerApi();
const { givenProvider } = api;
const common = { status_code: 200, request_id: 'request-id-test-0001' };

const onlyRequest = () => onlyProjectRequest(api);

describe('webauthn', () => {
  const calls = [
    [
      'registerStart',
      (c: Client, r: object) => c.webauthn.registerStart(r as never),
      '/v1/webauthn/register/start',
    ],
    ['register', (c: Client, r: object) => c.webauthn.register(r as never), '/v1/webauthn/register'],
    [
      'authenticateStart',
      (c: Client, r: object) => c.webauthn.authenticateStart(r as never),
      '/v1/webauthn/authenticate/start',
    ],
    [
      'authenticate',
      (c: Client, r: object) => c.webauthn.authenticate(r as never),
      '/v1/webauthn/authenticate',
    ],
  ] as const;

  it.each(calls)(
    '%s POSTs the request to its path and returns the flat answer',
    async (_name, call, path) => {
      const answer = { ...common, user_id: 'user-test-0001' };
      const client = givenProvider(200, answer);
      const request = { user_id: 'user-test-0001', domain: 'example.com', public_key_credential: '{}' };
      expect(await call(client, request)).toEqual(answer);
      expect(onlyRequest()).toEqual({ method: 'POST', path, body: request });
    },
  );

  it('update PUTs the name to /v1/webauthn/{webauthn_registration_id}', async () => {
    const answer = { ...common, webauthn_registration: { webauthn_registration_id: 'w/1', name: 'Key' } };
    const client = givenProvider(200, answer);
    expect(await client.webauthn.update({ webauthn_registration_id: 'w/1', name: 'Key' })).toEqual(answer);
    expect(onlyRequest()).toEqual({ method: 'PUT', path: '/v1/webauthn/w%2F1', body: { name: 'Key' } });
  });

  it('listCredentials GETs /v1/webauthn/credentials/{user_id}/{domain} with both escaped, no body', async () => {
    const answer = {
      ...common,
      credentials: [
        { credential_id: 'Y3JlZA', webauthn_registration_id: 'w1', type: 'public-key', public_key: 'pQ==' },
      ],
    };
    const client = givenProvider(200, answer);
    expect(await client.webauthn.listCredentials({ user_id: 'ext|7', domain: 'example.com' })).toEqual(
      answer,
    );
    expect(onlyRequest()).toMatchObject({
      method: 'GET',
      path: '/v1/webauthn/credentials/ext%7C7/example.com',
    });
    expect(onlyRequest().body).toBeUndefined();
  });

  it('a provider error becomes LatchkeyServerError with its code; without a secret nothing is sent', async () => {
    const client = givenProvider(401, {
      status_code: 401,
      request_id: 'request-id-test-0002',
      error_type: 'webauthn_verification_failed',
      error_message: 'The challenge is unknown, already used or expired. Start the ceremony again.',
      error_url: 'docs/provider-api.md#webauthn_verification_failed',
    });
    await expect(client.webauthn.authenticate({ public_key_credential: '{}' })).rejects.toMatchObject({
      name: 'LatchkeyServerError',
      code: 'webauthn_verification_failed',
      status: 401,
    });
    const secretless = givenProvider(200, {}, { secret: undefined });
    api.server.requests.length = 0;
    await expect(
      secretless.webauthn.registerStart({ user_id: 'u', domain: 'example.com' }),
    ).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(api.server.requests).toHaveLength(0);
  });
});

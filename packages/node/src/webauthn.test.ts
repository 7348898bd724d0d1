/** The server client's passkey calls (`/v1/webauthn…`) against a fake provider. */
import { describe, expect, it } from 'vitest';
import { onlyProjectRequest, useFakeServerApi } from '../test/helpers/fake-server-api.js';
import {
  itPostsEachCall,
  itThrowsProviderErrorsAndNeedsTheSecret,
  type PostingCall,
} from '../test/helpers/namespace-contract.js';

const api = useFakeServerApi();

describe('webauthn', () => {
  const calls: PostingCall[] = [
    ['registerStart', (c, r) => c.webauthn.registerStart(r as never), '/v1/webauthn/register/start'],
    ['register', (c, r) => c.webauthn.register(r as never), '/v1/webauthn/register'],
    [
      'authenticateStart',
      (c, r) => c.webauthn.authenticateStart(r as never),
      '/v1/webauthn/authenticate/start',
    ],
    ['authenticate', (c, r) => c.webauthn.authenticate(r as never), '/v1/webauthn/authenticate'],
  ];

  itPostsEachCall(
    api,
    calls,
    { user_id: 'user-test-0001', domain: 'example.com', public_key_credential: '{}' },
    { user_id: 'user-test-0001' },
  );

  it('update PUTs the name to /v1/webauthn/{webauthn_registration_id}', async () => {
    const answer = {
      status_code: 200,
      request_id: 'request-id-test-0001',
      webauthn_registration: { webauthn_registration_id: 'w/1', name: 'Key' },
    };
    const client = api.givenProvider(200, answer);
    expect(await client.webauthn.update({ webauthn_registration_id: 'w/1', name: 'Key' })).toEqual(answer);
    expect(onlyProjectRequest(api)).toEqual({
      method: 'PUT',
      path: '/v1/webauthn/w%2F1',
      body: { name: 'Key' },
    });
  });

  it('listCredentials GETs /v1/webauthn/credentials/{user_id}/{domain} with both escaped, no body', async () => {
    const answer = {
      status_code: 200,
      request_id: 'request-id-test-0001',
      credentials: [
        { credential_id: 'Y3JlZA', webauthn_registration_id: 'w1', type: 'public-key', public_key: 'pQ==' },
      ],
    };
    const client = api.givenProvider(200, answer);
    expect(await client.webauthn.listCredentials({ user_id: 'ext|7', domain: 'example.com' })).toEqual(
      answer,
    );
    const request = onlyProjectRequest(api);
    expect(request).toMatchObject({ method: 'GET', path: '/v1/webauthn/credentials/ext%7C7/example.com' });
    expect(request.body).toBeUndefined();
  });

  itThrowsProviderErrorsAndNeedsTheSecret(api, 'webauthn_verification_failed', (client) =>
    client.webauthn.authenticate({ public_key_credential: '{}' }),
  );
});

import { describe, expect, it } from 'vitest';
import {
  flatSessionAnswer,
  onlyProjectRequest,
  providerError,
  useFakeServerApi,
} from '../test/helpers/fake-server-api.js';

const flatSuccess = flatSessionAnswer({
  request_id: 'request-id-test-0005',
  user_id: 'user-test-0001',
  oauth_user_registration_id: 'oauth-user-registration-test-0001',
  user: { user_id: 'user-test-0001', emails: [], providers: [] },
  provider_subject: '1234567890',
  provider_type: 'google',
  profile_picture_url: '',
  locale: 'en',
  provider_values: {
    access_token: 'at',
    id_token: 'a.b.c',
    refresh_token: '',
    scopes: ['openid'],
    expires_at: null,
  },
});

const api = useFakeServerApi();
const { givenProvider } = api;

describe('oauth.authenticate', () => {
  it('POSTs the token, duration and verifier with Basic project credentials and returns the flat answer', async () => {
    const client = givenProvider(200, flatSuccess);
    const result = await client.oauth.authenticate('oauth-token', {
      session_duration_minutes: 60,
      code_verifier: 'v'.repeat(43),
    });
    expect(result).toEqual(flatSuccess);
    expect(onlyProjectRequest(api)).toEqual({
      method: 'POST',
      path: '/v1/oauth/authenticate',
      body: { token: 'oauth-token', session_duration_minutes: 60, code_verifier: 'v'.repeat(43) },
    });
  });

  it('maps a used or expired token to LatchkeyServerError unable_to_auth_oauth_token', async () => {
    const refused = providerError('unable_to_auth_oauth_token');
    const client = givenProvider(refused.status, refused.body);
    await expect(client.oauth.authenticate('used')).rejects.toMatchObject(refused.thrown);
  });

  it('rejects a success body without provider_type as invalid_response', async () => {
    const { provider_type: _dropped, ...withoutProvider } = flatSuccess;
    const partial = givenProvider(200, withoutProvider);
    await expect(partial.oauth.authenticate('oauth-token')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});

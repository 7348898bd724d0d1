import { describe, expect, it } from 'vitest';
import {
  flatSessionAnswer,
  onlyProjectRequest,
  providerError,
  useFakeServerApi,
} from '../test/helpers/fake-server-api.js';

const flatSuccess = flatSessionAnswer({
  request_id: 'request-id-test-0003',
  user_id: 'user-test-0001',
  method_id: 'email-test-0001',
});

const api = useFakeServerApi();
const { givenProvider } = api;

describe('magicLinks.authenticate', () => {
  it('POSTs the token and duration with Basic project credentials and returns the flat answer', async () => {
    const client = givenProvider(200, flatSuccess);
    const result = await client.magicLinks.authenticate('link-token', { session_duration_minutes: 60 });
    expect(result).toEqual(flatSuccess);
    expect(onlyProjectRequest(api)).toEqual({
      method: 'POST',
      path: '/v1/magic_links/authenticate',
      body: { token: 'link-token', session_duration_minutes: 60 },
    });
  });

  it('sends session_custom_claims when given', async () => {
    const client = givenProvider(200, flatSuccess);
    await client.magicLinks.authenticate('link-token', { session_custom_claims: { tenant: 'acme' } });
    expect(JSON.parse(api.server.requests[0]?.body ?? '')).toEqual({
      token: 'link-token',
      session_custom_claims: { tenant: 'acme' },
    });
  });

  it('sends session_token when given (a secondary link needs it) and checks it is a non-empty string', async () => {
    const client = givenProvider(200, flatSuccess);
    await client.magicLinks.authenticate('secondary-token', { session_token: 'opaque-token' });
    expect(JSON.parse(api.server.requests[0]?.body ?? '')).toEqual({
      token: 'secondary-token',
      session_token: 'opaque-token',
    });
    await expect(client.magicLinks.authenticate('t', { session_token: '' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(api.server.requests).toHaveLength(1);
  });

  it('maps a used or expired token to LatchkeyServerError unable_to_auth_magic_link', async () => {
    const refused = providerError('unable_to_auth_magic_link');
    const client = givenProvider(refused.status, refused.body);
    await expect(client.magicLinks.authenticate('used')).rejects.toMatchObject(refused.thrown);
  });
});

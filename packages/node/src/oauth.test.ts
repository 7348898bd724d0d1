import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HttpTestServer, sendJson, startHttpTestServer } from '../test/helpers/http-test-server.js';
import { createLatchkeyServerClient } from './create-server-client.js';

const projectId = 'project-test-00000000-0000-4000-8000-000000000002';
const secret = 'secret-test-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const flatSuccess = {
  status_code: 200,
  request_id: 'request-id-test-0005',
  user_id: 'user-test-0001',
  oauth_user_registration_id: 'oauth-user-registration-test-0001',
  session_token: 'opaque-token',
  session_jwt: 'header.payload.signature',
  session: { session_id: 'session-test-0001', user_id: 'user-test-0001', expires_at: '2030-01-01T01:00:00Z' },
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
};

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

function givenProvider(status: number, body: unknown) {
  server.handle = (_request, response) => sendJson(response, status, body);
  return createLatchkeyServerClient({ providerUrl: server.url, projectId, secret });
}

describe('oauth.authenticate', () => {
  it('POSTs the token, duration and verifier with Basic project credentials and returns the flat answer', async () => {
    const client = givenProvider(200, flatSuccess);
    const result = await client.oauth.authenticate('oauth-token', {
      session_duration_minutes: 60,
      code_verifier: 'v'.repeat(43),
    });
    expect(result).toEqual(flatSuccess);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/oauth/authenticate');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${projectId}:${secret}`).toString('base64')}`,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({
      token: 'oauth-token',
      session_duration_minutes: 60,
      code_verifier: 'v'.repeat(43),
    });
  });

  it('maps a used or expired token to LatchkeyServerError unable_to_auth_oauth_token', async () => {
    const client = givenProvider(401, {
      status_code: 401,
      request_id: 'request-id-test-0006',
      error_type: 'unable_to_auth_oauth_token',
      error_message: 'The OAuth token could not be authenticated.',
      error_url: 'https://example.com/errors#unable_to_auth_oauth_token',
    });
    await expect(client.oauth.authenticate('used')).rejects.toMatchObject({
      name: 'LatchkeyServerError',
      code: 'unable_to_auth_oauth_token',
      status: 401,
      requestId: 'request-id-test-0006',
    });
  });

  it('rejects a success body without the session fields or provider_type as invalid_response', async () => {
    const client = givenProvider(200, { data: flatSuccess });
    await expect(client.oauth.authenticate('oauth-token')).rejects.toMatchObject({
      code: 'invalid_response',
    });
    const { provider_type: _dropped, ...withoutProvider } = flatSuccess;
    const partial = givenProvider(200, withoutProvider);
    await expect(partial.oauth.authenticate('oauth-token')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('throws invalid_argument without a request for an empty token, a bad duration or no secret', async () => {
    const client = givenProvider(200, flatSuccess);
    await expect(client.oauth.authenticate('')).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(
      client.oauth.authenticate('oauth-token', { session_duration_minutes: 0 }),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
    const withoutSecret = createLatchkeyServerClient({ providerUrl: server.url, projectId });
    await expect(withoutSecret.oauth.authenticate('oauth-token')).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(server.requests).toHaveLength(0);
  });
});

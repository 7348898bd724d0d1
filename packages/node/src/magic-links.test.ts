import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HttpTestServer, sendJson, startHttpTestServer } from '../test/helpers/http-test-server.js';
import { createLatchkeyServerClient } from './create-server-client.js';

const projectId = 'project-test-00000000-0000-4000-8000-000000000002';
const secret = 'secret-test-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const flatSuccess = {
  status_code: 200,
  request_id: 'request-id-test-0003',
  user_id: 'user-test-0001',
  method_id: 'email-test-0001',
  session_token: 'opaque-token',
  session_jwt: 'header.payload.signature',
  session: { session_id: 'session-test-0001', user_id: 'user-test-0001', expires_at: '2030-01-01T01:00:00Z' },
  user: { user_id: 'user-test-0001', emails: [] },
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

describe('magicLinks.authenticate', () => {
  it('POSTs the token and duration with Basic project credentials and returns the flat answer', async () => {
    const client = givenProvider(200, flatSuccess);
    const result = await client.magicLinks.authenticate('link-token', { session_duration_minutes: 60 });
    expect(result).toEqual(flatSuccess);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/magic_links/authenticate');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${projectId}:${secret}`).toString('base64')}`,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({ token: 'link-token', session_duration_minutes: 60 });
  });

  it('sends session_token when given (a secondary link needs it) and checks it is a non-empty string', async () => {
    const client = givenProvider(200, flatSuccess);
    await client.magicLinks.authenticate('secondary-token', { session_token: 'opaque-token' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      token: 'secondary-token',
      session_token: 'opaque-token',
    });
    await expect(client.magicLinks.authenticate('t', { session_token: '' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('maps a used or expired token to LatchkeyServerError unable_to_auth_magic_link', async () => {
    const client = givenProvider(401, {
      status_code: 401,
      request_id: 'request-id-test-0004',
      error_type: 'unable_to_auth_magic_link',
      error_message: 'The magic link could not be authenticated.',
      error_url: 'https://example.com/errors#unable_to_auth_magic_link',
    });
    await expect(client.magicLinks.authenticate('used')).rejects.toMatchObject({
      name: 'LatchkeyServerError',
      code: 'unable_to_auth_magic_link',
      status: 401,
      requestId: 'request-id-test-0004',
    });
  });

  it('rejects a success body without the session fields as invalid_response', async () => {
    const client = givenProvider(200, { data: flatSuccess });
    await expect(client.magicLinks.authenticate('link-token')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('throws invalid_argument without a request for an empty token, a bad duration or no secret', async () => {
    const client = givenProvider(200, flatSuccess);
    await expect(client.magicLinks.authenticate('')).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(
      client.magicLinks.authenticate('link-token', { session_duration_minutes: 1.5 }),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
    const withoutSecret = createLatchkeyServerClient({ providerUrl: server.url, projectId });
    await expect(withoutSecret.magicLinks.authenticate('link-token')).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(server.requests).toHaveLength(0);
  });
});

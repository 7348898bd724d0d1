import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HttpTestServer, sendJson, startHttpTestServer } from '../test/helpers/http-test-server.js';
import { createLatchkeyServerClient } from './create-server-client.js';
import type { LatchkeyServerClientOptions } from './options.js';

const projectId = 'project-test-00000000-0000-4000-8000-000000000002';
const secret = 'secret-test-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const flatSuccess = {
  status_code: 200,
  request_id: 'request-id-test-0001',
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

function givenProvider(status: number, body: unknown, options: Partial<LatchkeyServerClientOptions> = {}) {
  server.handle = (_request, response) =>
    typeof body === 'string' ? response.writeHead(status).end(body) : sendJson(response, status, body);
  return createLatchkeyServerClient({ providerUrl: server.url, projectId, secret, ...options });
}

describe('authenticateSession', () => {
  it('POSTs the tokens with Basic project credentials and returns the flat response', async () => {
    const client = givenProvider(200, flatSuccess);

    const result = await client.authenticateSession({
      sessionToken: 'opaque-token',
      sessionDurationMinutes: 60,
    });

    expect(result).toEqual(flatSuccess);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/sessions/authenticate');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${projectId}:${secret}`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      session_token: 'opaque-token',
      session_duration_minutes: 60,
    });
  });

  it('sends a session_jwt alone when only the JWT is given', async () => {
    const client = givenProvider(200, flatSuccess);
    await client.authenticateSession({ sessionJwt: 'header.payload.signature' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ session_jwt: 'header.payload.signature' });
  });

  it('keeps a base path of the provider URL', async () => {
    const client = givenProvider(200, flatSuccess, { providerUrl: `${server.url}/auth/` });
    await client.authenticateSession({ sessionToken: 'opaque-token' });
    expect(server.requests[0]?.path).toBe('/auth/v1/sessions/authenticate');
  });

  it('maps a wire error body to LatchkeyServerError with its type, status and request id', async () => {
    const client = givenProvider(404, {
      status_code: 404,
      request_id: 'request-id-test-0002',
      error_type: 'session_not_found',
      error_message: 'Session could not be found.',
      error_url: 'https://example.com/errors#session_not_found',
    });

    const error = await client
      .authenticateSession({ sessionToken: 'revoked' })
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      name: 'LatchkeyServerError',
      code: 'session_not_found',
      status: 404,
      requestId: 'request-id-test-0002',
      errorUrl: 'https://example.com/errors#session_not_found',
      message: 'Session could not be found.',
    });
  });

  it('rejects a success body that is wrapped in data instead of flat', async () => {
    const client = givenProvider(200, { data: flatSuccess });
    await expect(client.authenticateSession({ sessionToken: 'opaque-token' })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('reports a non-JSON answer as invalid_response with the HTTP status', async () => {
    const client = givenProvider(502, '<html>Bad Gateway</html>');
    await expect(client.authenticateSession({ sessionToken: 'opaque-token' })).rejects.toMatchObject({
      code: 'invalid_response',
      status: 502,
    });
  });

  it('reports an unreachable provider as network_unreachable', async () => {
    const closed = await startHttpTestServer();
    await closed.close();
    const client = createLatchkeyServerClient({ providerUrl: closed.url, projectId, secret });
    await expect(client.authenticateSession({ sessionToken: 'opaque-token' })).rejects.toMatchObject({
      code: 'network_unreachable',
    });
  });

  it('gives up after timeoutMs with network_timeout', async () => {
    server.handle = () => {}; // never answers
    const client = createLatchkeyServerClient({ providerUrl: server.url, projectId, secret, timeoutMs: 100 });
    await expect(client.authenticateSession({ sessionToken: 'opaque-token' })).rejects.toMatchObject({
      code: 'network_timeout',
    });
  });

  it('throws invalid_argument, without a request, when no token or no secret is given', async () => {
    const client = givenProvider(200, flatSuccess);
    await expect(client.authenticateSession({})).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(client.authenticateSession({ sessionToken: '' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    const withoutSecret = createLatchkeyServerClient({ providerUrl: server.url, projectId });
    await expect(withoutSecret.authenticateSession({ sessionToken: 'opaque-token' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(server.requests).toHaveLength(0);
  });
});

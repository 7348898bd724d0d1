import { describe, expect, it } from 'vitest';
import {
  flatSessionAnswer,
  onlyProjectRequest,
  providerError,
  TEST_PROJECT_ID,
  TEST_SECRET,
  useFakeServerApi,
} from '../test/helpers/fake-server-api.js';
import { startHttpTestServer } from '../test/helpers/http-test-server.js';
import { createLatchkeyServerClient } from './create-server-client.js';

const flatSuccess = flatSessionAnswer({
  request_id: 'request-id-test-0001',
});

const api = useFakeServerApi();
const { givenProvider } = api;

describe('authenticateSession', () => {
  it('POSTs the tokens with Basic project credentials and returns the flat response', async () => {
    const client = givenProvider(200, flatSuccess);

    const result = await client.authenticateSession({
      sessionToken: 'opaque-token',
      sessionDurationMinutes: 60,
    });

    expect(result).toEqual(flatSuccess);
    expect(onlyProjectRequest(api)).toEqual({
      method: 'POST',
      path: '/v1/sessions/authenticate',
      body: { session_token: 'opaque-token', session_duration_minutes: 60 },
    });
    expect(api.server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends a session_jwt alone when only the JWT is given', async () => {
    const client = givenProvider(200, flatSuccess);
    await client.authenticateSession({ sessionJwt: 'header.payload.signature' });
    expect(JSON.parse(api.server.requests[0]?.body ?? '')).toEqual({
      session_jwt: 'header.payload.signature',
    });
  });

  it('sends session_custom_claims when sessionCustomClaims is given (null values included: they remove keys)', async () => {
    const client = givenProvider(200, flatSuccess);
    await client.authenticateSession({
      sessionToken: 'opaque-token',
      sessionCustomClaims: { role: 'admin', plan: null },
    });
    expect(JSON.parse(api.server.requests[0]?.body ?? '')).toEqual({
      session_token: 'opaque-token',
      session_custom_claims: { role: 'admin', plan: null },
    });
  });

  it('keeps a base path of the provider URL', async () => {
    const client = givenProvider(200, flatSuccess, { providerUrl: `${api.server.url}/auth/` });
    await client.authenticateSession({ sessionToken: 'opaque-token' });
    expect(api.server.requests[0]?.path).toBe('/auth/v1/sessions/authenticate');
  });

  it('maps a wire error body to LatchkeyServerError with its type, status, request id, URL and message', async () => {
    const notFound = providerError('session_not_found');
    const client = givenProvider(notFound.status, notFound.body);
    await expect(client.authenticateSession({ sessionToken: 'revoked' })).rejects.toMatchObject(
      notFound.thrown,
    );
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
    const client = createLatchkeyServerClient({
      providerUrl: closed.url,
      projectId: TEST_PROJECT_ID,
      secret: TEST_SECRET,
    });
    await expect(client.authenticateSession({ sessionToken: 'opaque-token' })).rejects.toMatchObject({
      code: 'network_unreachable',
    });
  });

  it('gives up after timeoutMs with network_timeout', async () => {
    api.server.handle = () => {}; // never answers
    const client = createLatchkeyServerClient({
      providerUrl: api.server.url,
      projectId: TEST_PROJECT_ID,
      secret: TEST_SECRET,
      timeoutMs: 100,
    });
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
    const withoutSecret = createLatchkeyServerClient({
      providerUrl: api.server.url,
      projectId: TEST_PROJECT_ID,
    });
    await expect(withoutSecret.authenticateSession({ sessionToken: 'opaque-token' })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
    expect(api.server.requests).toHaveLength(0);
  });
});

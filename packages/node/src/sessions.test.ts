import { describe, expect, it } from 'vitest';
import { onlyProjectRequest, providerError, useFakeServerApi } from '../test/helpers/fake-server-api.js';

const api = useFakeServerApi();
const { givenProvider } = api;

const listed = {
  status_code: 200,
  request_id: 'request-id-test-0010',
  sessions: [{ session_id: 'session-test-0001', user_id: 'user-test-0001', custom_claims: {} }],
};

describe('sessions', () => {
  it('list GETs /v1/sessions?user_id= with Basic project credentials and returns the flat answer', async () => {
    const client = givenProvider(200, listed);
    expect(await client.sessions.list('user-test-0001 &x')).toEqual(listed);
    expect(onlyProjectRequest(api)).toEqual({
      method: 'GET',
      path: '/v1/sessions?user_id=user-test-0001+%26x',
      body: undefined,
    });
  });

  it.each([
    [{ session_id: 'session-test-0001' }],
    [{ session_token: 'opaque-token' }],
    [{ session_jwt: 'a.b.c' }],
  ])('revoke POSTs exactly the one field it is given: %o', async (target) => {
    const client = givenProvider(200, { status_code: 200, request_id: 'request-id-test-0011' });
    expect(await client.sessions.revoke(target)).toEqual({
      status_code: 200,
      request_id: 'request-id-test-0011',
    });
    const [request] = api.server.requests;
    expect(request?.path).toBe('/v1/sessions/revoke');
    expect(JSON.parse(request?.body ?? '')).toEqual(target);
  });

  it('revokeAll POSTs the user id to /v1/sessions/revoke_all and returns the revoked ids', async () => {
    const answer = { status_code: 200, request_id: 'r', revoked_session_ids: ['session-test-0001'] };
    const client = givenProvider(200, answer);
    expect(await client.sessions.revokeAll('user-test-0001')).toEqual(answer);
    expect(api.server.requests[0]?.path).toBe('/v1/sessions/revoke_all');
    expect(JSON.parse(api.server.requests[0]?.body ?? '')).toEqual({ user_id: 'user-test-0001' });
  });

  it("the provider's errors arrive as LatchkeyServerError with the wire error_type", async () => {
    const notFound = providerError('user_not_found');
    const client = givenProvider(notFound.status, notFound.body);
    await expect(client.sessions.list('user-test-nope')).rejects.toMatchObject(notFound.thrown);
  });

  it('refuses bad arguments without a request: no target, two targets, empty ids, no secret', async () => {
    const client = givenProvider(200, listed);
    const invalid = { code: 'invalid_argument' };
    await expect(client.sessions.list('')).rejects.toMatchObject(invalid);
    await expect(client.sessions.revokeAll('')).rejects.toMatchObject(invalid);
    await expect(client.sessions.revoke({} as never)).rejects.toMatchObject(invalid);
    await expect(
      client.sessions.revoke({ session_id: 's', session_token: 't' } as never),
    ).rejects.toMatchObject(invalid);
    await expect(client.sessions.revoke({ session_id: '' })).rejects.toMatchObject(invalid);
    const noSecret = givenProvider(200, listed, { secret: undefined });
    await expect(noSecret.sessions.list('user-test-0001')).rejects.toMatchObject(invalid);
    expect(api.server.requests).toHaveLength(0);
  });

  it('an answer without its list is invalid_response', async () => {
    const client = givenProvider(200, { status_code: 200, request_id: 'r' });
    await expect(client.sessions.list('user-test-0001')).rejects.toMatchObject({ code: 'invalid_response' });
    await expect(client.sessions.revokeAll('user-test-0001')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});

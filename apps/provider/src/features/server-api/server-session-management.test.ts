/** GET /v1/sessions, POST /v1/sessions/revoke and POST /v1/sessions/revoke_all with Basic project_id:secret. */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import {
  browserSessionCheck,
  devProjectAuthorization,
  postServerApi,
} from '../../../test/server-api-calls.js';
import { basic, json, sdkHeaders } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import type { DomainEvent } from '../../domain-events/domain-event.js';

const ctx = useTestContext();
const events: DomainEvent[] = [];
beforeAll(() => {
  ctx.app.domainEvents.subscribe('session.revoked', async (_db, event) => {
    events.push(event);
  });
});

const listSessions = (userId: string, authorization = devProjectAuthorization(ctx)) =>
  ctx.app.inject({
    method: 'GET',
    url: `/v1/sessions?user_id=${encodeURIComponent(userId)}`,
    headers: { authorization },
  });
const revoke = (payload: Record<string, unknown>, authorization = devProjectAuthorization(ctx)) =>
  postServerApi(ctx, '/v1/sessions/revoke', authorization, payload);
const revokeAll = (payload: Record<string, unknown>, authorization = devProjectAuthorization(ctx)) =>
  postServerApi(ctx, '/v1/sessions/revoke_all', authorization, payload);
const browserCheck = (sessionToken: string) => browserSessionCheck(ctx, sessionToken);
const postServerApiPut = (userId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/v1/users/${userId}`,
    headers: { authorization: devProjectAuthorization(ctx), 'content-type': 'application/json' },
    payload,
  });
const serverCheck = (payload: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/sessions/authenticate', devProjectAuthorization(ctx), payload);

function expectError(response: LightMyRequestResponse, status: number, errorType: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(json(response)).toMatchObject({ status_code: status, error_type: errorType });
}

/** The user signed in twice (two sessions), the second a minute after the first. */
async function userWithTwoSessions(email: string) {
  const first = await givenSignedInUser(ctx, email);
  ctx.clock.advance(60_000);
  const second = await givenSignedInUser(ctx, email);
  expect(second.user_id).toBe(first.user_id);
  return { userId: first.user_id, first, second };
}

describe('GET /v1/sessions?user_id=', () => {
  it("lists the user's live sessions, newest first, with attributes, factors and times", async () => {
    const { userId, first, second } = await userWithTwoSessions('list@example.com');
    const response = await listSessions(userId);
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ status_code: 200, request_id: expect.any(String) });
    expect(body.sessions.map((s: { session_id: string }) => s.session_id)).toEqual([
      second.session.session_id,
      first.session.session_id,
    ]);
    expect(body.sessions[0]).toEqual({
      session_id: second.session.session_id,
      user_id: userId,
      started_at: second.session.started_at,
      last_accessed_at: expect.any(String),
      expires_at: second.session.expires_at,
      attributes: { ip_address: expect.any(String), user_agent: expect.any(String) },
      authentication_factors: [expect.objectContaining({ type: 'magic_link', delivery_method: 'email' })],
      custom_claims: {},
    });
  });

  it('leaves out revoked and expired sessions; a user with none gets an empty list', async () => {
    const { userId, first, second } = await userWithTwoSessions('list-live@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/sessions/revoke',
      headers: sdkHeaders(ctx.dev.public_token, second.session_token),
    });
    const afterRevoke = json(await listSessions(userId)).sessions;
    expect(afterRevoke.map((s: { session_id: string }) => s.session_id)).toEqual([first.session.session_id]);
    ctx.clock.set(new Date(first.session.expires_at as string));
    expect(json(await listSessions(userId)).sessions).toEqual([]);
  });

  it('an unknown user, or one of another project → 404 user_not_found; no user_id → 400 naming it', async () => {
    expectError(await listSessions('user-test-00000000-0000-0000-0000-000000000000'), 404, 'user_not_found');
    const signedIn = await givenSignedInUser(ctx, 'list-other@example.com');
    const other = await ctx.givenProject({});
    expectError(
      await listSessions(signedIn.user_id, basic(other.project_id, other.secret)),
      404,
      'user_not_found',
    );
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/v1/sessions',
      headers: { authorization: devProjectAuthorization(ctx) },
    });
    expectError(missing, 400, 'invalid_request');
    expect(json(missing).body).toEqual([expect.objectContaining({ dataPath: '.user_id' })]);
  });
});

describe('POST /v1/sessions/revoke', () => {
  for (const by of ['session_id', 'session_token', 'session_jwt'] as const) {
    it(`by ${by}: that session stops working at once, the other stays; one session.revoked event`, async () => {
      const { first, second } = await userWithTwoSessions(`revoke-${by.replace('_', '-')}@example.com`);
      expect((await browserCheck(first.session_token)).statusCode).toBe(200); // cached now
      const value =
        by === 'session_id'
          ? first.session.session_id
          : by === 'session_token'
            ? first.session_token
            : first.session_jwt;
      const before = events.length;
      const response = await revoke({ [by]: value });
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response)).toEqual({ status_code: 200, request_id: expect.any(String) });
      expectError(await browserCheck(first.session_token), 404, 'session_not_found');
      expectError(await serverCheck({ session_jwt: first.session_jwt }), 404, 'session_not_found');
      expect((await browserCheck(second.session_token)).statusCode).toBe(200);
      expect(events.slice(before)).toEqual([
        {
          type: 'session.revoked',
          projectId: ctx.dev.project.id,
          actor: { type: 'project', id: ctx.dev.project.id },
          occurredAt: ctx.clock.now(),
          data: expect.objectContaining({ session_id: first.session.session_id, user_id: first.user_id }),
          ipAddress: expect.any(String),
        },
      ]);
      // Revoked already → 404, and no second event.
      expectError(await revoke({ [by]: value }), 404, 'session_not_found');
      expect(events.length).toBe(before + 1);
    });
  }

  it('an unknown session, or one of another project → 404 session_not_found', async () => {
    expectError(await revoke({ session_id: 'session-test-nope' }), 404, 'session_not_found');
    expectError(await revoke({ session_token: 'not-a-token' }), 404, 'session_not_found');
    const signedIn = await givenSignedInUser(ctx, 'revoke-foreign@example.com');
    const other = await ctx.givenProject({});
    const foreign = basic(other.project_id, other.secret);
    expectError(await revoke({ session_id: signedIn.session.session_id }, foreign), 404, 'session_not_found');
    expectError(await revoke({ session_jwt: signedIn.session_jwt }, foreign), 401, 'invalid_jwt');
    expect((await browserCheck(signedIn.session_token)).statusCode).toBe(200);
  });

  it('none, or two of session_id/session_token/session_jwt → 400 naming the field, nothing revoked', async () => {
    const signedIn = await givenSignedInUser(ctx, 'revoke-bad@example.com');
    const none = await revoke({});
    expectError(none, 400, 'invalid_request');
    expect(json(none).body).toEqual([expect.objectContaining({ dataPath: '.session_id' })]);
    const two = await revoke({
      session_id: signedIn.session.session_id,
      session_token: signedIn.session_token,
    });
    expectError(two, 400, 'invalid_request');
    expect(json(two).body).toEqual([expect.objectContaining({ dataPath: '.session_token' })]);
    const wrongType = await revoke({ session_id: 42 });
    expectError(wrongType, 400, 'invalid_request');
    expect(json(wrongType).body).toEqual([expect.objectContaining({ dataPath: '.session_id' })]);
    expect((await browserCheck(signedIn.session_token)).statusCode).toBe(200);
  });
});

describe('POST /v1/sessions/revoke_all', () => {
  it("revokes every live session of the user, one session.revoked each; others' sessions stay", async () => {
    const { userId, first, second } = await userWithTwoSessions('revoke-all@example.com');
    const bystander = await givenSignedInUser(ctx, 'bystander@example.com');
    const before = events.length;
    const response = await revokeAll({ user_id: userId });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).revoked_session_ids.sort()).toEqual(
      [first.session.session_id, second.session.session_id].sort(),
    );
    for (const s of [first, second])
      expectError(await browserCheck(s.session_token), 404, 'session_not_found');
    expect((await browserCheck(bystander.session_token)).statusCode).toBe(200);
    expect(json(await listSessions(userId)).sessions).toEqual([]);
    const revokedIds = events.slice(before).map((e) => (e.data as { session_id: string }).session_id);
    expect(revokedIds.sort()).toEqual([first.session.session_id, second.session.session_id].sort());
    // Nothing live left: an empty list, no events.
    expect(json(await revokeAll({ user_id: userId })).revoked_session_ids).toEqual([]);
    expect(events.length).toBe(before + 2);
  });

  it('an unknown user → 404 user_not_found; a malformed id → 400 invalid_user_id; no user_id → 400 naming it', async () => {
    expectError(
      await revokeAll({ user_id: 'user-test-00000000-0000-4000-8000-000000000000' }),
      404,
      'user_not_found',
    );
    expectError(await revokeAll({ user_id: 'user-test-nope' }), 400, 'invalid_user_id');
    expectError(await listSessions('not an id'), 400, 'invalid_user_id');
    const missing = await revokeAll({});
    expectError(missing, 400, 'invalid_request');
    expect(json(missing).body).toEqual([expect.objectContaining({ dataPath: '.user_id' })]);
  });
});

describe('a user named by its external id (issue 20)', () => {
  it('lists and revokes all of its sessions as by its user id', async () => {
    const signedIn = await givenSignedInUser(ctx, 'by-external@example.com');
    const put = await postServerApiPut(signedIn.user_id, { external_id: 'ext-sessions-1' });
    expect(put.statusCode).toBe(200);
    const listed = json(await listSessions('ext-sessions-1')).sessions;
    expect(listed.map((s: { user_id: string }) => s.user_id)).toEqual([signedIn.user_id]);
    expect(json(await revokeAll({ user_id: 'ext-sessions-1' })).revoked_session_ids).toHaveLength(1);
    expect((await browserCheck(signedIn.session_token)).statusCode).toBe(404);
  });
});

describe('credentials on the session management calls', () => {
  it('a public token, or the browser SDK credentials (public token + session token) → 403; none → 401', async () => {
    const signedIn = await givenSignedInUser(ctx, 'creds@example.com');
    const calls = [
      (authorization: string) => listSessions(signedIn.user_id, authorization),
      (authorization: string) => revoke({ session_id: signedIn.session.session_id }, authorization),
      (authorization: string) => revokeAll({ user_id: signedIn.user_id }, authorization),
    ];
    for (const call of calls) {
      expectError(
        await call(basic(ctx.dev.public_token, signedIn.session_token)),
        403,
        'public_token_forbidden',
      );
      expectError(await call(basic(ctx.dev.project_id, ctx.dev.public_token)), 403, 'public_token_forbidden');
      expectError(await call(basic(ctx.dev.project_id, 'wrong')), 401, 'invalid_secret_authentication');
    }
    expectError(
      await ctx.app.inject({ method: 'GET', url: `/v1/sessions?user_id=${signedIn.user_id}` }),
      401,
      'unauthorized_credentials',
    );
    expect((await browserCheck(signedIn.session_token)).statusCode).toBe(200);
  });
});

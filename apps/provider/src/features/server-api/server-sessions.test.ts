/** Server-facing POST /v1/sessions/authenticate with Basic project_id:secret. */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { devProjectAuthorization, flatServerAnswer, postServerApi } from '../../../test/server-api-calls.js';
import { basic, json, sdkHeaders, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { SESSION_CLAIM } from '../sessions/session-jwt.js';

const ctx = useTestContext();

const authenticate = (authorization: string | undefined, payload: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/sessions/authenticate', authorization, payload);

describe('POST /v1/sessions/authenticate', () => {
  it('with the secret and a session token answers flat session, tokens and user', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server@example.com');
    const response = await authenticate(devProjectAuthorization(ctx), {
      session_token: signedIn.session_token,
    });
    const body = flatServerAnswer(response);
    expect(body).toMatchObject({
      session_token: signedIn.session_token,
      session: { session_id: signedIn.session.session_id },
      user: { user_id: signedIn.user_id },
    });
    expect(body.session_jwt.split('.')).toHaveLength(3);
  });

  it('with a session JWT (even an expired one) checks the session in the database', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server-jwt@example.com', 60);
    ctx.clock.advance(10 * 60_000); // past the JWT's 5-minute exp, inside the session
    const response = await authenticate(devProjectAuthorization(ctx), {
      session_jwt: signedIn.session_jwt,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      session_token: '',
      session: { session_id: signedIn.session.session_id },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/sessions/revoke',
      headers: { authorization: basic(ctx.dev.public_token, signedIn.session_token) },
    });
    const revoked = await authenticate(devProjectAuthorization(ctx), {
      session_jwt: signedIn.session_jwt,
    });
    expect(revoked.statusCode).toBe(404);
    expect(json(revoked).error_type).toBe('session_not_found');
  });

  it('rejects a tampered JWT and a JWT of another project with 401 invalid_jwt', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server-tamper@example.com');
    const [h, p, s] = signedIn.session_jwt.split('.');
    const tampered = `${h}.${p}.${s?.startsWith('A') ? `B${s.slice(1)}` : `A${s?.slice(1)}`}`;
    const bad = await authenticate(devProjectAuthorization(ctx), { session_jwt: tampered });
    expect(bad.statusCode).toBe(401);
    expect(json(bad).error_type).toBe('invalid_jwt');
    const other = await ctx.givenProject({});
    const foreign = await authenticate(basic(other.project_id, other.secret), {
      session_jwt: signedIn.session_jwt,
    });
    expect(json(foreign).error_type).toBe('invalid_jwt');
  });

  it('wrong secret → 401 invalid_secret_authentication', async () => {
    const response = await authenticate(basic(ctx.dev.project_id, `${ctx.dev.secret}x`), {
      session_token: 'abc',
    });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ status_code: 401, error_type: 'invalid_secret_authentication' });
    const unknown = await authenticate(basic('project-test-nope', ctx.dev.secret), { session_token: 'abc' });
    expect(json(unknown).error_type).toBe('invalid_secret_authentication');
  });

  it('public token as credentials → 403 public_token_forbidden', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server-public@example.com');
    for (const authorization of [
      basic(ctx.dev.public_token, ctx.dev.public_token),
      basic(ctx.dev.project_id, ctx.dev.public_token),
      basic(ctx.dev.public_token, ctx.dev.secret),
    ]) {
      const response = await authenticate(authorization, { session_token: signedIn.session_token });
      expect(response.statusCode).toBe(403);
      expect(json(response).error_type).toBe('public_token_forbidden');
    }
  });

  it('missing credentials → 401 unauthorized_credentials; neither token nor JWT → 400', async () => {
    expect(json(await authenticate(undefined, {})).error_type).toBe('unauthorized_credentials');
    const empty = await authenticate(devProjectAuthorization(ctx), {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error_type).toBe('invalid_request');
  });

  it('does not answer on the browser-facing origin policy: no CORS grant', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/sessions/authenticate',
      headers: {
        origin: 'http://localhost:4100',
        authorization: devProjectAuthorization(ctx),
        'content-type': 'application/json',
      },
      payload: { session_token: 'x' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/**
 * Issue 16 item 8: a session JWT past its `exp` is exchanged only while its session row is live,
 * as the hosted provider's server API does ("If the signature is valid and the underlying session
 * is still active … return a new JWT"); the answer is decided by the row, never by the JWT alone.
 */
describe('POST /v1/sessions/authenticate with a session_jwt: the session row decides', () => {
  const withJwt = (jwt: string) => authenticate(devProjectAuthorization(ctx), { session_jwt: jwt });
  const claimsOf = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
  const revoke = (sessionToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/sessions/revoke',
      headers: sdkHeaders(ctx.dev.public_token, sessionToken),
    });
  const sessionRow = (id: string) =>
    ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a valid JWT of a live session: 200, the session and a fresh JWT', async () => {
    const signedIn = await givenSignedInUser(ctx, 'jwt-valid@example.com');
    ctx.clock.advance(60_000);
    const response = await withJwt(signedIn.session_jwt);
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ session_token: '', session: { session_id: signedIn.session.session_id } });
    const fresh = claimsOf(body.session_jwt);
    expect(fresh.exp).toBe(Math.floor(ctx.clock.now().getTime() / 1000) + 300);
    expect((fresh[SESSION_CLAIM] as { id: string }).id).toBe(signedIn.session.session_id);
  });

  it('an expired JWT of a live session: 200 with a JWT that is valid again', async () => {
    const signedIn = await givenSignedInUser(ctx, 'jwt-expired-live@example.com', 60);
    ctx.clock.advance(30 * 60_000);
    const nowSeconds = Math.floor(ctx.clock.now().getTime() / 1000);
    expect(claimsOf(signedIn.session_jwt).exp).toBeLessThan(nowSeconds);
    const response = await withJwt(signedIn.session_jwt);
    expect(response.statusCode).toBe(200);
    expect(claimsOf(json(response).session_jwt).exp).toBeGreaterThan(nowSeconds);
  });

  it('an expired JWT of a revoked session: 404 session_not_found, the row untouched', async () => {
    const signedIn = await givenSignedInUser(ctx, 'jwt-expired-revoked@example.com', 60);
    expect((await revoke(signedIn.session_token)).statusCode).toBe(200);
    ctx.clock.advance(10 * 60_000);
    const before = await sessionRow(signedIn.session.session_id as string);
    const response = await withJwt(signedIn.session_jwt);
    expect(statusAndErrorType(response)).toEqual([404, 'session_not_found']);
    expect(await sessionRow(signedIn.session.session_id as string)).toEqual(before);
  });

  it('an unexpired JWT of a revoked session is refused too: the JWT alone is never enough', async () => {
    const signedIn = await givenSignedInUser(ctx, 'jwt-fresh-revoked@example.com');
    expect((await revoke(signedIn.session_token)).statusCode).toBe(200);
    const response = await withJwt(signedIn.session_jwt);
    expect(statusAndErrorType(response)).toEqual([404, 'session_not_found']);
  });

  it('an expired JWT of a session that itself expired: 404 session_not_found', async () => {
    const signedIn = await givenSignedInUser(ctx, 'jwt-session-ended@example.com', 5);
    ctx.clock.advance(5 * 60_000 + 1000);
    const response = await withJwt(signedIn.session_jwt);
    expect(statusAndErrorType(response)).toEqual([404, 'session_not_found']);
  });
});

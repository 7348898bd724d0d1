/** Sessions through /sdk/v1: refresh with and without extension, the absolute cap, revoke, concurrency, and the JWT. */
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, signInTo } from '../../../test/magic-link-helpers.js';
import { sdkGet, sdkPost } from '../../../test/sdk-call.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

function refresh(sessionToken: string | undefined, body?: Record<string, unknown>) {
  return sdkPost(ctx, '/sessions/authenticate', body, { sessionToken });
}

describe('POST /sdk/v1/sessions/authenticate', () => {
  it('with session_duration_minutes extends expires_at from now and returns a fresh JWT, same token', async () => {
    const signedIn = await givenSignedInUser(ctx, 'extend@example.com', 60);
    ctx.clock.advance(10 * 60_000);
    const response = await refresh(signedIn.session_token, { session_duration_minutes: 120 });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.session_id).toBe(signedIn.session.session_id);
    expect(data.session.expires_at).toBe(new Date(ctx.clock.now().getTime() + 120 * 60_000).toISOString());
    expect(data.session.last_accessed_at).toBe(ctx.clock.now().toISOString());
    expect(data.session_jwt).not.toBe(signedIn.session_jwt);
    expect(data.user).toEqual(data.__user);
  });

  it('without a duration (the SDK background refresh sends {} or nothing) does not extend', async () => {
    const signedIn = await givenSignedInUser(ctx, 'noextend@example.com', 60);
    ctx.clock.advance(5 * 60_000);
    for (const body of [{}, undefined]) {
      const response = await refresh(signedIn.session_token, body);
      expect(response.statusCode).toBe(200);
      expect(json(response).data.session.expires_at).toBe(signedIn.session.expires_at);
    }
  });

  it('never extends past the absolute lifetime', async () => {
    const project = await ctx.givenProject({
      isDev: true,
      sessionMaxLifetimeMinutes: 90,
      defaultLoginRedirectUrl: 'http://localhost:4100/a',
    });
    const started = ctx.clock.now().getTime();
    const token = (await signInTo(ctx, project.public_token, 'capped@example.com')).session_token;
    const extendBy10Hours = () =>
      sdkPost(
        ctx,
        '/sessions/authenticate',
        { session_duration_minutes: 600 },
        { publicToken: project.public_token, sessionToken: token },
      );
    ctx.clock.advance(50 * 60_000);
    const extended = await extendBy10Hours();
    expect(json(extended).data.session.expires_at).toBe(new Date(started + 90 * 60_000).toISOString());
    ctx.clock.advance(41 * 60_000);
    const expired = await extendBy10Hours();
    expect(expired.statusCode).toBe(404);
    expect(json(expired).error_type).toBe('session_not_found');
  });

  it('two concurrent refreshes of one session both succeed', async () => {
    const signedIn = await givenSignedInUser(ctx, 'tabs@example.com');
    const [a, b] = await Promise.all([
      refresh(signedIn.session_token, {}),
      refresh(signedIn.session_token, { session_duration_minutes: 30 }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
  });

  it('an expired session gives 404 session_not_found', async () => {
    const signedIn = await givenSignedInUser(ctx, 'expire@example.com', 5);
    ctx.clock.advance(5 * 60_000 + 1);
    const response = await refresh(signedIn.session_token, {});
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ status_code: 404, error_type: 'session_not_found' });
  });

  it('no session token in Basic auth gives 401 user_unauthenticated; an unknown one 404', async () => {
    const none = await refresh(undefined, {});
    expect(none.statusCode).toBe(401);
    expect(json(none).error_type).toBe('user_unauthenticated');
    const unknown = await refresh('x'.repeat(43), {});
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error_type).toBe('session_not_found');
  });

  it('rejects a duration outside 5..525600 minutes', async () => {
    const signedIn = await givenSignedInUser(ctx, 'duration@example.com');
    for (const minutes of [4, 525601, '60']) {
      const response = await refresh(signedIn.session_token, { session_duration_minutes: minutes });
      expect(response.statusCode).toBe(400);
      expect(json(response).body[0].dataPath).toBe('.session_duration_minutes');
    }
  });
});

describe('POST /sdk/v1/sessions/revoke', () => {
  it('revokes (no body), after which the token gives 404 session_not_found everywhere', async () => {
    const signedIn = await givenSignedInUser(ctx, 'revoke@example.com');
    const revoke = await sdkPost(ctx, '/sessions/revoke', undefined, {
      sessionToken: signedIn.session_token,
    });
    expect(revoke.statusCode).toBe(200);
    expect(json(revoke).data).toEqual({ request_id: expect.any(String), status_code: 200 });
    expect((await refresh(signedIn.session_token, {})).statusCode).toBe(404);
    const me = await sdkGet(ctx, '/users/me', { sessionToken: signedIn.session_token });
    expect(json(me).error_type).toBe('session_not_found');
    const again = await sdkPost(ctx, '/sessions/revoke', undefined, { sessionToken: signedIn.session_token });
    expect(again.statusCode).toBe(404);
  });
});

describe('session JWT', () => {
  it('verifies against the published JWKS with iss, aud, sub, exp and the session claim', async () => {
    const signedIn = await givenSignedInUser(ctx, 'jwt@example.com', 60);
    const jwks = json(await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' }));
    const perProject = json(
      await ctx.app.inject({ method: 'GET', url: `/v1/sessions/jwks/${ctx.dev.project_id}` }),
    );
    expect(perProject).toEqual(jwks);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
    const { payload, protectedHeader } = await jwtVerify(
      signedIn.session_jwt,
      createLocalJWKSet(jwks as never),
      {
        issuer: `stytch.com/${ctx.dev.project_id}`,
        audience: ctx.dev.project_id,
        currentDate: ctx.clock.now(),
        algorithms: ['ES256'],
      },
    );
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload.sub).toBe(signedIn.user_id);
    expect(payload.aud).toEqual([ctx.dev.project_id]);
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.nbf).toBe(payload.iat);
    expect(payload['https://stytch.com/session']).toMatchObject({
      id: signedIn.session.session_id,
      expires_at: signedIn.session.expires_at,
      authentication_factors: [{ type: 'magic_link' }],
    });
  });

  it('expires with the session when that comes first', async () => {
    const signedIn = await givenSignedInUser(ctx, 'short@example.com', 5);
    ctx.clock.advance(3 * 60_000);
    const { data } = json(await refresh(signedIn.session_token, {}));
    const [, body] = data.session_jwt.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    expect(claims.exp).toBe(Math.floor(new Date(signedIn.session.expires_at).getTime() / 1000));
  });
});

/**
 * GET|POST /v1/public/oauth/{provider}/callback refusals: the state and its cookie (SECURITY C5,
 * I3), replays, defective ID tokens and upstream failures. No refusal leaves a user, a link, a
 * token or a session behind.
 */
import { describe, expect, it } from 'vitest';
import type { IdTokenDefect } from '../../../test/fake-openid-provider.js';
import {
  authorizeAtFake,
  deliverCallback,
  givenOAuthConfig,
  LOGIN_REDIRECT,
  OAUTH_TABLES,
  redirectOf,
  SIGNUP_REDIRECT,
  startOAuth,
  stateCookieOf,
} from '../../../test/oauth-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { statusAndErrorType } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { hashToken } from '../../crypto/tokens.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google', 'github');

const redirects = { login_redirect_url: LOGIN_REDIRECT, signup_redirect_url: SIGNUP_REDIRECT };
const snapshot = () => rowCounts(ctx, OAUTH_TABLES);

/** A callback URL with `params` (and no cookie unless given). */
function callbackWith(params: Record<string, string>, cookie?: string, provider = 'google') {
  return ctx.app.inject({
    method: 'GET',
    url: `/v1/public/oauth/${provider}/callback?${new URLSearchParams(params)}`,
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
  });
}

async function expectStateMismatch(call: () => ReturnType<typeof callbackWith>) {
  const before = await snapshot();
  const response = await call();
  expect(statusAndErrorType(response)).toEqual([400, 'oauth_state_mismatch']);
  expect(response.headers.location).toBeUndefined();
  expect(await snapshot()).toEqual(before);
  return response;
}

/** The error redirect a failed flow ends with: the login URL with stytch_token_type, error and error_description. */
function expectErrorRedirect(response: Awaited<ReturnType<typeof callbackWith>>, error: string): URL {
  const redirect = redirectOf(response);
  expect(`${redirect.origin}${redirect.pathname}`).toBe(LOGIN_REDIRECT);
  expect(redirect.searchParams.get('stytch_token_type')).toBe('oauth');
  expect(redirect.searchParams.get('error')).toBe(error);
  expect(redirect.searchParams.get('error_description')).toMatch(/.{10,}/);
  expect(redirect.searchParams.get('token')).toBeNull();
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['cache-control']).toBe('no-store');
  return redirect;
}

describe('the state (SECURITY C5) and its cookie (SECURITY I3: login CSRF)', () => {
  it('a missing state → 400 oauth_state_mismatch', async () => {
    const { callback, cookie } = await authorizeAtFake(ctx, fake);
    const { state: _dropped, ...params } = (callback as { params: Record<string, string> }).params;
    await expectStateMismatch(() => callbackWith(params, cookie));
  });

  it('an unknown state with a matching cookie → 400', async () => {
    const state = 'x'.repeat(43);
    const { callback } = await authorizeAtFake(ctx, fake);
    const code = (callback as { params: Record<string, string> }).params.code as string;
    const cookie = stateCookieOf(await startOAuth(ctx, 'google')).split('=')[0];
    await expectStateMismatch(() => callbackWith({ state, code }, `${cookie}=${state}`));
  });

  it("an attacker's own callback URL opened in the victim's browser (no cookie for that state) → 400, and the victim stays signed out", async () => {
    // The attacker starts a flow, signs in upstream with their account, and stops before the callback.
    fake.nextIdentity({ sub: 'attacker-sub', email: 'attacker@example.com', email_verified: true });
    const attacker = await authorizeAtFake(ctx, fake);
    // The victim's browser has its own, unrelated flow cookie.
    const victimCookie = stateCookieOf(await startOAuth(ctx, 'google'));
    const params = (attacker.callback as { params: Record<string, string> }).params;
    await expectStateMismatch(() => callbackWith(params));
    await expectStateMismatch(() => callbackWith(params, victimCookie));
    // The attacker's state was not used up by the refused attempts.
    const row = await ctx.db
      .selectFrom('oauth_states')
      .select('used_at')
      .where('state_hash', '=', hashToken(params.state as string))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it("a cookie with a different value under the state's name → 400", async () => {
    const { callback, cookie } = await authorizeAtFake(ctx, fake);
    const name = cookie.split('=')[0];
    await expectStateMismatch(() =>
      callbackWith((callback as { params: Record<string, string> }).params, `${name}=${'y'.repeat(43)}`),
    );
  });

  it('a HEAD of the callback URL (a prefetch) uses nothing up; the real callback then works', async () => {
    fake.nextIdentity({ sub: 'prefetch-sub', email: 'prefetch@example.com', email_verified: true });
    const { callback, cookie } = await authorizeAtFake(ctx, fake, 'google', redirects);
    const url = new URL(callback.url);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: `${url.pathname}${url.search}`,
      headers: { cookie },
    });
    expect(head.statusCode).toBe(404);
    expect(redirectOf(await deliverCallback(ctx, callback, cookie)).searchParams.get('token')).toMatch(
      /.{44}/,
    );
  });

  it('the callback URL used twice (state replay) → the second is 400 and makes nothing', async () => {
    fake.nextIdentity({ sub: 'replay-sub', email: 'replay@example.com', email_verified: true });
    const { callback, cookie } = await authorizeAtFake(ctx, fake, 'google', redirects);
    expect(redirectOf(await deliverCallback(ctx, callback, cookie)).searchParams.get('token')).toMatch(
      /.{44}/,
    );
    await expectStateMismatch(() => deliverCallback(ctx, callback, cookie, { accept: 'application/json' }));
  });

  it("another provider's callback with a google state → 400", async () => {
    const { callback, cookie } = await authorizeAtFake(ctx, fake);
    await expectStateMismatch(() =>
      callbackWith((callback as { params: Record<string, string> }).params, cookie, 'github'),
    );
  });

  it('an expired state (10 minutes) → 400', async () => {
    const { callback, cookie } = await authorizeAtFake(ctx, fake);
    ctx.clock.advance(10 * 60_000);
    await expectStateMismatch(() => deliverCallback(ctx, callback, cookie, { accept: 'application/json' }));
  });

  it('an unknown provider name → 400 invalid_request page', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/oauth/myspace/callback?state=a&code=b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<code>invalid_request</code>');
  });
});

describe('after a valid state every failure is an error redirect to the login URL', () => {
  it('the upstream says access_denied → error=oauth_user_cancelled', async () => {
    fake.nextAuthorizationError('access_denied');
    const { callback, cookie } = await authorizeAtFake(ctx, fake, 'google', redirects);
    const before = await snapshot();
    const redirect = expectErrorRedirect(
      await deliverCallback(ctx, callback, cookie),
      'oauth_user_cancelled',
    );
    expect(redirect.searchParams.get('error_description')).toBe('Sign-in with Google was cancelled.');
    expect(await snapshot()).toEqual(before);
  });

  it('a replayed authorization code (in a new flow of the same browser) → error=oauth_token_invalid', async () => {
    fake.nextIdentity({ sub: 'code-replay-sub', email: 'code-replay@example.com', email_verified: true });
    const first = await authorizeAtFake(ctx, fake, 'google', redirects);
    redirectOf(await deliverCallback(ctx, first.callback, first.cookie));
    const second = await authorizeAtFake(ctx, fake, 'google', redirects);
    const before = await snapshot();
    const oldCode = (first.callback as { params: Record<string, string> }).params.code as string;
    const params = { ...(second.callback as { params: Record<string, string> }).params, code: oldCode };
    expectErrorRedirect(await callbackWith(params, second.cookie), 'oauth_token_invalid');
    expect(await snapshot()).toEqual(before);
  });

  const defects: Array<[IdTokenDefect, string]> = [
    ['wrong_aud', 'oauth_token_invalid'],
    ['wrong_iss', 'oauth_token_invalid'],
    ['expired', 'oauth_token_invalid'],
    ['alg_none', 'oauth_token_invalid'],
    ['hs256', 'oauth_token_invalid'],
    ['other_key', 'oauth_token_invalid'],
    ['unknown_kid', 'oauth_token_invalid'],
    ['future_iat', 'oauth_token_invalid'],
    ['azp_mismatch', 'oauth_token_invalid'],
    ['no_sub', 'oauth_token_invalid'],
    ['wrong_nonce', 'oauth_state_mismatch'],
  ];
  it.each(defects)(
    'an ID token with defect %s → error=%s, no user, no token, no session',
    async (defect, error) => {
      fake.nextIdentity({
        sub: `defect-${defect}`,
        email: `defect-${defect}@example.com`,
        email_verified: true,
      });
      fake.nextIdTokenDefect(defect);
      const { callback, cookie } = await authorizeAtFake(ctx, fake, 'google', redirects);
      const before = await snapshot();
      expectErrorRedirect(await deliverCallback(ctx, callback, cookie), error);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('an unreachable token endpoint → error=service_unavailable', async () => {
    const { callback, cookie } = await authorizeAtFake(ctx, fake, 'google', redirects);
    const before = await snapshot();
    fake.fail('token', 'reset');
    try {
      expectErrorRedirect(await deliverCallback(ctx, callback, cookie), 'service_unavailable');
    } finally {
      fake.fail('token', null);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a configuration removed during the flow → error=oauth_config_not_found', async () => {
    const other = await ctx.givenProject({
      allowedRedirectUrls: [LOGIN_REDIRECT],
      defaultLoginRedirectUrl: LOGIN_REDIRECT,
    });
    await givenOAuthConfig(ctx, fake, 'google', { projectId: other.project.id });
    const start = await startOAuth(ctx, 'google', { public_token: other.public_token });
    const callback = await fake.authorize(start.headers.location as string);
    await ctx.db.deleteFrom('oauth_provider_configs').where('project_id', '=', other.project.id).execute();
    expectErrorRedirect(await deliverCallback(ctx, callback, stateCookieOf(start)), 'oauth_config_not_found');
  });
});

/** The OAuth redirect flow end to end against a real loopback OpenID provider: Google-style, GitHub and Apple. */
import { describe, expect, it } from 'vitest';
import {
  authenticateOAuth,
  authorizeAtFake,
  deliverCallback,
  LOGIN_REDIRECT,
  redirectOf,
  SIGNUP_REDIRECT,
  signInAtFake,
  tokenOf,
} from '../../../test/oauth-helpers.js';
import { sdkGet } from '../../../test/sdk-call.js';
import { json } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google', 'github', 'apple');

const redirects = { login_redirect_url: LOGIN_REDIRECT, signup_redirect_url: SIGNUP_REDIRECT };

describe('Google-style OpenID sign-in', () => {
  it('signs a new person up: start → upstream → callback → signup redirect → session with the oauth factor', async () => {
    fake.nextIdentity({
      sub: 'google-sub-ada',
      email: 'Ada@Example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://images.example.com/ada.png',
      locale: 'en-GB',
    });
    const { start, cookie, callback } = await authorizeAtFake(ctx, fake, 'google', redirects);
    expect(start.headers['referrer-policy']).toBe('no-referrer');
    expect(start.headers['cache-control']).toBe('no-store');
    expect(callback.method).toBe('GET');

    const answer = await deliverCallback(ctx, callback, cookie);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['cache-control']).toBe('no-store');
    // The state cookie is cleared.
    expect(answer.headers['set-cookie']).toMatch(
      new RegExp(`^${cookie.split('=')[0]}=; Path=/v1/public/oauth; HttpOnly; Max-Age=0`),
    );
    const redirect = redirectOf(answer);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(SIGNUP_REDIRECT);
    const token = tokenOf(redirect);
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/);

    const response = await authenticateOAuth(ctx, token);
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data.provider_type).toBe('google');
    expect(data.provider_subject).toBe('google-sub-ada');
    expect(data.profile_picture_url).toBe('https://images.example.com/ada.png');
    expect(data.locale).toBe('en-GB');
    expect(data.provider_values).toEqual({
      access_token: expect.stringMatching(/.+/),
      id_token: expect.stringMatching(/^ey/),
      refresh_token: expect.stringMatching(/.+/),
      scopes: ['openid', 'email', 'profile'],
      expires_at: new Date(ctx.clock.now().getTime() + 3600_000).toISOString(),
    });
    expect(data.user).toEqual(data.__user);
    expect(data.user.name).toEqual({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    expect(data.user.emails).toEqual([
      { email_id: expect.any(String), email: 'ada@example.com', verified: true },
    ]);
    const registrationId = data.user.providers[0]?.oauth_user_registration_id;
    expect(registrationId).toMatch(/^oauth-user-registration-test-[0-9a-f-]{36}$/);
    expect(data.user.providers).toEqual([
      {
        oauth_user_registration_id: registrationId,
        provider_subject: 'google-sub-ada',
        provider_type: 'google',
        profile_picture_url: 'https://images.example.com/ada.png',
        locale: 'en-GB',
      },
    ]);
    expect(data.session.authentication_factors).toEqual([
      {
        type: 'oauth',
        delivery_method: 'oauth_google',
        last_authenticated_at: ctx.clock.now().toISOString(),
        google_oauth_factor: {
          id: registrationId,
          email_id: data.user.emails[0].email_id,
          provider_subject: 'google-sub-ada',
        },
      },
    ]);

    // Every user object carries the providers, /users/me too.
    const me = await sdkGet(ctx, '/users/me', { sessionToken: data.session_token });
    expect(json(me).data.providers).toEqual(data.user.providers);
  });

  it('a second sign-in of the same identity finds the same user and comes back to the login redirect', async () => {
    fake.nextIdentity({ sub: 'google-sub-grace', email: 'grace@example.com', email_verified: true });
    const first = json(
      await authenticateOAuth(ctx, tokenOf(await signInAtFake(ctx, fake, 'google', redirects))),
    ).data;

    fake.nextIdentity({
      sub: 'google-sub-grace',
      email: 'grace@example.com',
      email_verified: true,
      locale: 'fr',
    });
    const redirect = await signInAtFake(ctx, fake, 'google', redirects);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(LOGIN_REDIRECT);
    const second = json(await authenticateOAuth(ctx, tokenOf(redirect))).data;
    expect(second.user_id).toBe(first.user_id);
    expect(second.session_token).not.toBe(first.session_token);
    expect(second.user.providers).toHaveLength(1);
    // The registration follows the upstream's latest profile values.
    expect(second.locale).toBe('fr');
  });

  it('without redirect URLs the flow returns to the project defaults', async () => {
    fake.nextIdentity({ sub: 'google-sub-defaults', email: 'defaults@example.com', email_verified: true });
    const redirect = await signInAtFake(ctx, fake, 'google');
    expect(`${redirect.origin}${redirect.pathname}`).toBe('http://localhost:4100/authenticate');
  });

  it('erases the upstream tokens from the row when the token is redeemed', async () => {
    fake.nextIdentity({ sub: 'google-sub-erase', email: 'erase@example.com', email_verified: true });
    const token = tokenOf(await signInAtFake(ctx, fake, 'google'));
    const before = await ctx.db.selectFrom('oauth_tokens').selectAll().where('used_at', 'is', null).execute();
    expect(before.some((row) => row.provider_values !== null)).toBe(true);
    const data = json(await authenticateOAuth(ctx, token)).data;
    expect(data.provider_values.access_token).not.toBe('');
    const rows = await ctx.db
      .selectFrom('oauth_tokens')
      .selectAll()
      .where('user_id', '=', data.user_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.used_at).not.toBeNull();
    expect(rows[0]?.provider_values).toBeNull();
    // Sealed at rest while it lived (the test deployment has a key-encryption secret).
    expect(rows[0]?.provider_values_encryption).toBe('aes-256-gcm');
  });

  it('a signed-in user of the same account gains the oauth factor on the session they present', async () => {
    fake.nextIdentity({ sub: 'google-sub-stepup', email: 'stepup@example.com', email_verified: true });
    const first = json(await authenticateOAuth(ctx, tokenOf(await signInAtFake(ctx, fake, 'google')))).data;
    fake.nextIdentity({ sub: 'google-sub-stepup', email: 'stepup@example.com', email_verified: true });
    const token = tokenOf(await signInAtFake(ctx, fake, 'google'));
    const response = await authenticateOAuth(ctx, token, {}, first.session_token);
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data.session_token).toBe(first.session_token);
    expect(data.session.session_id).toBe(first.session.session_id);
    expect(data.session.authentication_factors).toHaveLength(1);
  });
});

describe('GitHub (OAuth 2.0 with the user API, no ID token)', () => {
  it('signs up with the verified primary address and the numeric id as subject', async () => {
    fake.nextIdentity({
      sub: '583231',
      email: 'octo@example.com',
      email_verified: true,
      name: 'Mona Octocat',
      picture: 'https://avatars.example.com/u/583231',
    });
    const { start, cookie, callback } = await authorizeAtFake(ctx, fake, 'github', redirects);
    const location = new URL(start.headers.location as string);
    expect(location.pathname).toBe('/login/oauth/authorize');
    expect(location.searchParams.get('nonce')).toBeNull();
    expect(location.searchParams.get('scope')).toBe('read:user user:email');
    const redirect = redirectOf(await deliverCallback(ctx, callback, cookie));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(SIGNUP_REDIRECT);
    const data = json(await authenticateOAuth(ctx, tokenOf(redirect))).data;
    expect(data.provider_type).toBe('github');
    expect(data.provider_subject).toBe('583231');
    expect(data.provider_values.id_token).toBe('');
    expect(data.user.emails).toEqual([
      { email_id: expect.any(String), email: 'octo@example.com', verified: true },
    ]);
    expect(data.user.name).toEqual({ first_name: 'Mona', middle_name: '', last_name: 'Octocat' });
    expect(data.session.authentication_factors[0].delivery_method).toBe('oauth_github');
    expect(data.session.authentication_factors[0].github_oauth_factor.provider_subject).toBe('583231');
  });
});

describe('Apple (form_post callback, client secret as an ES256 JWT)', () => {
  it("accepts the POSTed form and takes the name from Apple's first-time `user` field", async () => {
    fake.nextIdentity({
      sub: '001234.apple-subject',
      email: 'hidden@privaterelay.appleid.com',
      email_verified: 'true',
      given_name: 'Tim',
      family_name: 'Apple',
    });
    const { start, cookie, callback } = await authorizeAtFake(ctx, fake, 'apple', redirects);
    const location = new URL(start.headers.location as string);
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    expect(location.searchParams.get('scope')).toBe('name email');
    expect(callback.method).toBe('POST');
    const answer = await deliverCallback(ctx, callback, cookie);
    const redirect = redirectOf(answer);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(SIGNUP_REDIRECT);
    const data = json(await authenticateOAuth(ctx, tokenOf(redirect))).data;
    expect(data.provider_type).toBe('apple');
    expect(data.provider_subject).toBe('001234.apple-subject');
    expect(data.user.name).toEqual({ first_name: 'Tim', middle_name: '', last_name: 'Apple' });
    expect(data.user.emails[0]).toMatchObject({ email: 'hidden@privaterelay.appleid.com', verified: true });
    // The token request carried an ES256 client secret, never a stored one.
    const exchange = fake.requestsTo('/token').at(-1);
    expect(exchange?.form?.client_secret).toMatch(/^ey[^.]+\.[^.]+\.[^.]+$/);
  });

  it('refuses a form with a repeated field before looking at the state', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/oauth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: 'state=a&state=b&code=c',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('invalid_request');
  });
});

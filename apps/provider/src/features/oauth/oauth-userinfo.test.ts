/**
 * Issue 17 item 2: OpenID providers that release the address and the name only from userinfo
 * (OpenID Connect Core §5.4), as panva's oidc-provider does by default. The callback reads the
 * userinfo endpoint with the access token, checks its `sub` against the ID token's (§5.3.2),
 * and links by address under the same rules as ID-token claims (SECURITY C6).
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenIdProvider, startFakeOpenIdProvider } from '../../../test/fake-openid-provider.js';
import {
  type LoopbackAccount,
  type LoopbackOidcProvider,
  startLoopbackOidcProvider,
} from '../../../test/loopback-oidc-provider.js';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import {
  authenticateOAuth,
  deliverCallback,
  givenOAuthConfig,
  LOGIN_REDIRECT,
  OAUTH_TABLES,
  redirectOf,
  SIGNUP_REDIRECT,
  signInAtFake,
  startOAuth,
  stateCookieOf,
  tokenOf,
} from '../../../test/oauth-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { callbackUrl } from './callback-url.js';
import { saveOAuthConfig } from './oauth-config-store.js';

/** The app's LATCHKEY_PUBLIC_URL in tests (the default), where the upstream sends the browser back. */
const PUBLIC_URL = 'http://localhost:4000';
const redirects = { login_redirect_url: LOGIN_REDIRECT, signup_redirect_url: SIGNUP_REDIRECT };

const ctx = useTestContext();
/** Plain JSON userinfo, configured as `gitlab` (any OpenID provider without a preset). */
let jsonIssuer: LoopbackOidcProvider;
/** Userinfo as a signed JWT (`application/jwt`), configured as `salesforce`. */
let jwtIssuer: LoopbackOidcProvider;

beforeAll(async () => {
  // oidc-provider times its tokens by the wall clock; the provider checks them by its own.
  ctx.clock.set(new Date());
  jsonIssuer = await startLoopbackOidcProvider({ redirectUris: [callbackUrl(PUBLIC_URL, 'gitlab')] });
  jwtIssuer = await startLoopbackOidcProvider({
    redirectUris: [callbackUrl(PUBLIC_URL, 'salesforce')],
    userinfo: 'jwt',
  });
  const deps = { clock: ctx.clock, random: cryptoRandom, keyEncryptionSecret: 'test-key-encryption-secret' };
  await saveOAuthConfig(ctx.db, deps, ctx.dev.project.id, jsonIssuer.config('gitlab'));
  await saveOAuthConfig(ctx.db, deps, ctx.dev.project.id, jwtIssuer.config('salesforce'));
});
afterAll(async () => {
  await jsonIssuer?.close();
  await jwtIssuer?.close();
});

const snapshot = () => rowCounts(ctx, [...OAUTH_TABLES, 'passwords']);

/** Start → `account` logs in at `issuer` → callback; returns the app's redirect URL. */
async function signInAt(issuer: LoopbackOidcProvider, provider: string, account: LoopbackAccount) {
  ctx.clock.set(new Date());
  issuer.givenAccount(account);
  const start = await startOAuth(ctx, provider, redirects);
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const callback = await issuer.authorize(start.headers.location as string, account.sub);
  return redirectOf(await deliverCallback(ctx, callback, stateCookieOf(start)));
}

async function redeem(redirect: URL) {
  const response = await authenticateOAuth(ctx, tokenOf(redirect));
  expect(response.statusCode).toBe(200);
  return json(response).data;
}

function expectFailure(redirect: URL, errorType: string, description: RegExp) {
  expect(`${redirect.origin}${redirect.pathname}`).toBe(LOGIN_REDIRECT);
  expect(redirect.searchParams.get('token')).toBeNull();
  expect(redirect.searchParams.get('error')).toBe(errorType);
  expect(redirect.searchParams.get('error_description')).toMatch(description);
}

describe('against oidc-provider: the ID token has only sub, userinfo has the rest', () => {
  it('a new user gets the address, its verification, the name, picture and locale from userinfo', async () => {
    const redirect = await signInAt(jsonIssuer, 'gitlab', {
      sub: 'op-grace',
      email: 'Grace@Example.com',
      email_verified: true,
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
      picture: 'https://images.example.com/grace.png',
      locale: 'en-US',
    });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(SIGNUP_REDIRECT);
    const data = await redeem(redirect);

    // The server really kept the profile out of the ID token; only userinfo had it.
    const idToken = decodeJwt(data.provider_values.id_token);
    expect(idToken.sub).toBe('op-grace');
    expect(idToken).not.toHaveProperty('email');
    expect(idToken).not.toHaveProperty('name');
    expect(jsonIssuer.userinfoAuthorizations.at(-1)).toBe(`Bearer ${data.provider_values.access_token}`);

    expect(data.provider_subject).toBe('op-grace');
    expect(data.user.emails).toEqual([
      { email_id: expect.any(String), email: 'grace@example.com', verified: true },
    ]);
    expect(data.user.name).toEqual({ first_name: 'Grace', middle_name: '', last_name: 'Hopper' });
    expect(data.profile_picture_url).toBe('https://images.example.com/grace.png');
    expect(data.locale).toBe('en-US');
    expect(data.session.authentication_factors[0].gitlab_oauth_factor.email_id).toBe(
      data.user.emails[0].email_id,
    );
  });

  it('an address userinfo does not vouch for never enters the existing account; a verified one links', async () => {
    const existing = await givenSignedInUser(ctx, 'katherine@example.com');

    for (const [sub, emailVerified] of [
      ['op-k-unverified', false],
      ['op-k-string-false', 'false'],
    ] as const) {
      const before = await snapshot();
      const refused = await signInAt(jsonIssuer, 'gitlab', {
        sub,
        email: 'katherine@example.com',
        email_verified: emailVerified,
        name: 'Katherine Johnson',
      });
      expectFailure(refused, 'oauth_account_conflict', /already exists, so GitLab cannot sign in to it/);
      expect(await snapshot()).toEqual(before);
    }

    const linked = await redeem(
      await signInAt(jsonIssuer, 'gitlab', {
        sub: 'op-k-verified',
        email: 'KATHERINE@example.com',
        email_verified: true,
        name: 'Katherine Johnson',
      }),
    );
    expect(linked.user_id).toBe(existing.user_id);
    expect(linked.user.providers).toEqual([expect.objectContaining({ provider_subject: 'op-k-verified' })]);
  });

  it('email_verified given as the string "true" counts as verified', async () => {
    const data = await redeem(
      await signInAt(jsonIssuer, 'gitlab', {
        sub: 'op-string-true',
        email: 'dorothy@example.com',
        email_verified: 'true',
        given_name: 'Dorothy',
      }),
    );
    expect(data.user.emails).toEqual([
      { email_id: expect.any(String), email: 'dorothy@example.com', verified: true },
    ]);
    expect(data.user.name.first_name).toBe('Dorothy');
  });

  it('a userinfo answer signed as a JWT (application/jwt) is verified with the issuer keys and used', async () => {
    const data = await redeem(
      await signInAt(jwtIssuer, 'salesforce', {
        sub: 'op-jwt-mary',
        email: 'mary@example.com',
        email_verified: true,
        given_name: 'Mary',
        family_name: 'Jackson',
      }),
    );
    expect(decodeJwt(data.provider_values.id_token)).not.toHaveProperty('email');
    expect(data.user.emails).toEqual([
      { email_id: expect.any(String), email: 'mary@example.com', verified: true },
    ]);
    expect(data.user.name).toEqual({ first_name: 'Mary', middle_name: '', last_name: 'Jackson' });
  });

  it('userinfo down, refusing or resetting: the sign-in fails with a clear error and nothing is created', async () => {
    const cases = [
      [503, 'service_unavailable', /userinfo endpoint answered HTTP 503/],
      ['reset', 'service_unavailable', /userinfo endpoint could not be reached/],
      [401, 'oauth_token_invalid', /refused the access token at its userinfo endpoint \(HTTP 401\)/],
    ] as const;
    try {
      for (const [failure, errorType, description] of cases) {
        jsonIssuer.failUserinfo(failure);
        const before = await snapshot();
        const redirect = await signInAt(jsonIssuer, 'gitlab', {
          sub: `op-down-${failure}`,
          email: `down-${failure}@example.com`,
          email_verified: true,
          name: 'Nobody Created',
        });
        expectFailure(redirect, errorType, description);
        expect(await snapshot()).toEqual(before);
      }
    } finally {
      jsonIssuer.failUserinfo(null);
    }
  });
});

describe('a userinfo answer about someone else (hand-written stand-in)', () => {
  let fake: FakeOpenIdProvider;
  beforeAll(async () => {
    fake = await startFakeOpenIdProvider({ clock: ctx.clock });
    await givenOAuthConfig(ctx, fake, 'yahoo');
  });
  afterAll(() => fake?.close());

  it('a userinfo sub other than the ID token sub refuses the sign-in: oauth_token_invalid, nothing created', async () => {
    const before = await snapshot();
    fake.nextIdentity({
      sub: 'victim-subject',
      email: 'attacker@example.com',
      email_verified: true,
      name: 'Someone Else',
      profileIn: 'userinfo',
      userinfoOverrides: { sub: 'attacker-subject' },
    });
    const redirect = await signInAtFake(ctx, fake, 'yahoo', redirects);
    expectFailure(redirect, 'oauth_token_invalid', /userinfo answer is about another account \(sub\)/);
    expect(await snapshot()).toEqual(before);
  });
});

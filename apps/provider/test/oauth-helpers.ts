/**
 * Intent-named steps of the OAuth redirect flow, driven like a browser: the provider through
 * inject, the fake upstream over real HTTP (test/fake-openid-provider.ts).
 */
import type { LightMyRequestResponse } from 'fastify';
import { saveOAuthConfig } from '../src/features/oauth/oauth-config-store.js';
import type { UpstreamConfigInput } from '../src/features/oauth/upstream/upstream-config.js';
import { cryptoRandom } from '../src/random.js';
import type { FakeCallback, FakeOpenIdProvider } from './fake-openid-provider.js';
import { sdkPost } from './sdk-call.js';
import { json, type TestContext } from './test-app.js';

/** Where the dev project's flows come back to (DEMO_REDIRECT is its default login and signup URL). */
export const LOGIN_REDIRECT = 'http://localhost:4100/login';
export const SIGNUP_REDIRECT = 'http://localhost:4100/signup';

/** The tables a sign-in could change, for "nothing changed" checks. */
export const OAUTH_TABLES = ['users', 'emails', 'sessions', 'oauth_registrations', 'oauth_tokens'] as const;

/** Points `providerType` of the project (the dev project by default) at the fake. */
export async function givenOAuthConfig(
  ctx: TestContext,
  fake: FakeOpenIdProvider,
  providerType = 'google',
  options: {
    projectId?: string;
    overrides?: Partial<UpstreamConfigInput>;
    keyEncryptionSecret?: string;
  } = {},
) {
  return saveOAuthConfig(
    ctx.db,
    {
      clock: ctx.clock,
      random: cryptoRandom,
      keyEncryptionSecret: options.keyEncryptionSecret ?? 'test-key-encryption-secret',
    },
    options.projectId ?? ctx.dev.project.id,
    fake.config(providerType, options.overrides),
  );
}

/** GET /v1/public/oauth/{provider}/start with `query` (public_token defaults to the dev project's). */
export function startOAuth(
  ctx: TestContext,
  provider: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const params = new URLSearchParams({ public_token: ctx.dev.public_token, ...query });
  return ctx.app.inject({
    method: 'GET',
    url: `/v1/public/oauth/${provider}/start?${params}`,
    headers,
    remoteAddress: '127.0.0.1',
  });
}

/** The `name=value` of the state cookie a start set. */
export function stateCookieOf(start: LightMyRequestResponse): string {
  const header = start.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header[0] : header)?.split(';')[0];
  if (!cookie) throw new Error(`the start set no cookie: ${start.statusCode} ${start.body}`);
  return cookie;
}

/** Delivers the fake's answer to our callback as the browser would (GET redirect or Apple's form_post). */
export function deliverCallback(
  ctx: TestContext,
  callback: FakeCallback,
  cookie: string | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const url = new URL(callback.url);
  const headers: Record<string, string> = { ...extraHeaders, ...(cookie === undefined ? {} : { cookie }) };
  if (callback.method === 'GET') {
    return ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
  }
  return ctx.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(callback.form).toString(),
  });
}

/** One flow up to the upstream's answer: the start's response, its cookie, and the fake's way back. */
export async function authorizeAtFake(
  ctx: TestContext,
  fake: FakeOpenIdProvider,
  provider = 'google',
  query: Record<string, string> = {},
) {
  const start = await startOAuth(ctx, provider, query);
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const callback = await fake.authorize(start.headers.location as string);
  return { start, cookie: stateCookieOf(start), callback };
}

/** The app's redirect URL a callback answered with (303), parsed. */
export function redirectOf(response: LightMyRequestResponse): URL {
  if (response.statusCode !== 303)
    throw new Error(`callback answered ${response.statusCode}: ${response.body}`);
  return new URL(response.headers.location as string);
}

/** A whole flow from start to the app's redirect URL. */
export async function signInAtFake(
  ctx: TestContext,
  fake: FakeOpenIdProvider,
  provider = 'google',
  query: Record<string, string> = {},
): Promise<URL> {
  const { cookie, callback } = await authorizeAtFake(ctx, fake, provider, query);
  return redirectOf(await deliverCallback(ctx, callback, cookie));
}

/** The token of a successful flow's redirect. */
export function tokenOf(redirect: URL): string {
  const token = redirect.searchParams.get('token');
  if (redirect.searchParams.get('stytch_token_type') !== 'oauth' || !token) {
    throw new Error(`no OAuth token in ${redirect.href}`);
  }
  return token;
}

/** POST /sdk/v1/oauth/authenticate. */
export function authenticateOAuth(
  ctx: TestContext,
  token: string,
  body: Record<string, unknown> = {},
  sessionToken?: string,
): Promise<LightMyRequestResponse> {
  return sdkPost(
    ctx,
    '/oauth/authenticate',
    { token, session_duration_minutes: 60, ...body },
    { sessionToken },
  );
}

/** Signs in through the fake end to end and returns the AuthenticateResponse data. */
export async function givenOAuthUser(ctx: TestContext, fake: FakeOpenIdProvider, provider = 'google') {
  const response = await authenticateOAuth(ctx, tokenOf(await signInAtFake(ctx, fake, provider)));
  if (response.statusCode !== 200) throw new Error(`authenticate failed: ${response.body}`);
  return json(response).data as {
    user_id: string;
    session_token: string;
    user: { providers: Array<{ oauth_user_registration_id: string }> } & Record<string, unknown>;
  };
}

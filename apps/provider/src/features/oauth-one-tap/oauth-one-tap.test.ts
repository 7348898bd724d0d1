/** Google One Tap against a loopback OpenID provider: callback ids, credential checks (SECURITY C5), and the sign-in. */
import { beforeAll, describe, expect, it } from 'vitest';
import { startFrame } from '../../../test/clientside-frame-harness.js';
import { rowCounts } from '../../../test/row-counts.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { DEMO_ORIGIN, DEMO_REDIRECT, json, statusAndErrorType } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';
import type { Database } from '../../db/database.js';
import { cryptoRandom } from '../../random.js';
import { saveOAuthConfig } from '../oauth/oauth-config-store.js';

const ctx = useTestContext();
const google = useFakeOpenIdProvider(ctx);

/** What a sign-in creates; a refused One Tap submission leaves every count as it was (SECURITY §0). */
const SIGN_IN_TABLES: (keyof Database)[] = [
  'users',
  'emails',
  'oauth_registrations',
  'oauth_tokens',
  'sessions',
];

beforeAll(async () => {
  await givenGoogle(ctx.dev.project.id);
});

async function givenGoogle(projectId: string) {
  const sealing = {
    keyEncryptionSecret: 'test-key-encryption-secret',
    random: cryptoRandom,
    clock: ctx.clock,
  };
  await saveOAuthConfig(ctx.db, sealing, projectId, google.config('google'));
}

const post = (path: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/public/oauth/google/onetap/${path}`,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:4000' },
    payload,
  });

async function start(publicToken = ctx.dev.public_token, parentOrigin = DEMO_ORIGIN): Promise<string> {
  const response = await post('start', { public_token: publicToken, parent_origin: parentOrigin });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).oauth_callback_id as string;
}

function submit(callbackId: string, credential: string, extra: Record<string, unknown> = {}) {
  return post('submit', {
    public_token: ctx.dev.public_token,
    parent_origin: DEMO_ORIGIN,
    credential,
    oauth_callback_id: callbackId,
    ...extra,
  });
}

function tokenOf(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  expect(url.searchParams.get('stytch_token_type')).toBe('oauth');
  return url.searchParams.get('token') ?? '';
}

let subjects = 0;
/** A person new to the project, so each test signs up on its own. */
function newPerson() {
  subjects += 1;
  return { sub: `one-tap-${subjects}`, email: `tapper${subjects}@example.com`, email_verified: true };
}

describe('POST /v1/public/oauth/google/onetap/start', () => {
  it("answers the project's Google client id and a fresh 32-byte callback id, stored hashed", async () => {
    const response = await post('start', { public_token: ctx.dev.public_token, parent_origin: DEMO_ORIGIN });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      google_client_id: google.clientId,
      oauth_callback_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const rows = await ctx.db.selectFrom('oauth_one_tap_callbacks').selectAll().execute();
    expect(rows.map((row) => row.callback_hash)).not.toContain(body.oauth_callback_id);
    expect(rows.at(-1)).toMatchObject({ parent_origin: DEMO_ORIGIN, used_at: null });
  });

  it('refuses a page origin the project does not accept (403), storing nothing', async () => {
    const before = await rowCounts(ctx, ['oauth_one_tap_callbacks']);
    const response = await post('start', {
      public_token: ctx.dev.public_token,
      parent_origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).error_type).toBe('invalid_origin');
    expect(await rowCounts(ctx, ['oauth_one_tap_callbacks'])).toEqual(before);
  });

  it('answers 404 oauth_config_not_found for a project without Google, storing nothing', async () => {
    const other = await ctx.givenProject({ allowedOrigins: ['https://shop.example'] });
    const before = await rowCounts(ctx, ['oauth_one_tap_callbacks']);
    const response = await post('start', {
      public_token: other.public_token,
      parent_origin: 'https://shop.example',
    });
    expect(response.statusCode).toBe(404);
    expect(json(response).error_type).toBe('oauth_config_not_found');
    expect(await rowCounts(ctx, ['oauth_one_tap_callbacks'])).toEqual(before);
  });

  it('refuses an unknown public token and a malformed body', async () => {
    const unknown = await post('start', {
      public_token: 'public-token-test-nope',
      parent_origin: DEMO_ORIGIN,
    });
    expect(statusAndErrorType(unknown)).toEqual([401, 'invalid_public_token']);
    const malformed = await post('start', { public_token: ctx.dev.public_token });
    expect(statusAndErrorType(malformed)).toEqual([400, 'invalid_request']);
  });
});

describe('POST /v1/public/oauth/google/onetap/submit', () => {
  it('signs a new person up: the redirect carries a token that /sdk/v1/oauth/authenticate accepts', async () => {
    const person = newPerson();
    const callbackId = await start();
    const credential = await google.mintIdToken({ ...person, nonce: callbackId });
    const response = await submit(callbackId, credential, {
      signup_redirect_url: 'http://localhost:4100/welcome',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { redirect_url } = json(response);
    expect(redirect_url).toMatch(
      /^http:\/\/localhost:4100\/welcome\?stytch_token_type=oauth&token=[A-Za-z0-9_-]{44}$/,
    );

    const redeemed = await sdkPost(ctx, '/oauth/authenticate', {
      token: tokenOf(redirect_url),
      session_duration_minutes: 60,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const data = json(redeemed).data;
    expect(data).toMatchObject({ provider_type: 'google', provider_subject: person.sub });
    expect(data.provider_values).toMatchObject({ id_token: credential, access_token: '', refresh_token: '' });
    expect(data.user.emails).toEqual([expect.objectContaining({ email: person.email, verified: true })]);
    expect(data.session.authentication_factors[0]).toMatchObject({
      type: 'oauth',
      delivery_method: 'oauth_google',
    });
  });

  it('signs a returning person in at the login redirect (the project default when none is given)', async () => {
    const person = newPerson();
    const first = await start();
    expect((await submit(first, await google.mintIdToken({ ...person, nonce: first }))).statusCode).toBe(200);
    const users = await rowCounts(ctx, ['users']);
    const second = await start();
    const response = await submit(second, await google.mintIdToken({ ...person, nonce: second }));
    expect(response.statusCode).toBe(200);
    expect(json(response).redirect_url.startsWith(`${DEMO_REDIRECT}?stytch_token_type=oauth&token=`)).toBe(
      true,
    );
    expect(await rowCounts(ctx, ['users'])).toEqual(users);
  });

  it.each([
    ['wrong_aud', 401, 'oauth_token_invalid'],
    ['wrong_iss', 401, 'oauth_token_invalid'],
    ['expired', 401, 'oauth_token_invalid'],
    ['alg_none', 401, 'oauth_token_invalid'],
    ['other_key', 401, 'oauth_token_invalid'],
    ['wrong_nonce', 400, 'oauth_state_mismatch'],
  ] as const)(
    'refuses a credential with defect %s (%i %s), creates nothing and uses the callback id up',
    async (defect, status, errorType) => {
      const callbackId = await start();
      const credential = await google.mintIdToken({ ...newPerson(), nonce: callbackId }, { defect });
      const before = await rowCounts(ctx, SIGN_IN_TABLES);
      const response = await submit(callbackId, credential);
      expect(response.statusCode).toBe(status);
      expect(json(response).error_type).toBe(errorType);
      expect(await rowCounts(ctx, SIGN_IN_TABLES)).toEqual(before);
      // One credential, one try: even a good one cannot follow on this callback id.
      const good = await google.mintIdToken({ ...newPerson(), nonce: callbackId });
      expect(json(await submit(callbackId, good)).error_type).toBe('oauth_state_mismatch');
    },
  );

  it('refuses a callback id that is reused, unknown, expired or from another page, creating nothing', async () => {
    const person = newPerson();
    const used = await start();
    expect((await submit(used, await google.mintIdToken({ ...person, nonce: used }))).statusCode).toBe(200);
    const expired = await start();
    ctx.clock.advance(10 * 60_000);
    const otherPage = await start(ctx.dev.public_token, 'http://localhost:5173');
    const cases = [used, 'an-id-nobody-issued', expired, otherPage];
    const before = await rowCounts(ctx, SIGN_IN_TABLES);
    for (const callbackId of cases) {
      const response = await submit(
        callbackId,
        await google.mintIdToken({ ...newPerson(), nonce: callbackId }),
      );
      expect(statusAndErrorType(response), callbackId).toEqual([400, 'oauth_state_mismatch']);
    }
    expect(await rowCounts(ctx, SIGN_IN_TABLES)).toEqual(before);
  });

  it('refuses a page origin or redirect URL the project does not accept before touching the callback id', async () => {
    const callbackId = await start();
    const credential = await google.mintIdToken({ ...newPerson(), nonce: callbackId });
    const before = await rowCounts(ctx, SIGN_IN_TABLES);
    const origin = await submit(callbackId, credential, { parent_origin: 'https://evil.example' });
    expect(statusAndErrorType(origin)).toEqual([403, 'invalid_origin']);
    const redirect = await submit(callbackId, credential, {
      login_redirect_url: 'https://evil.example/steal',
    });
    expect(statusAndErrorType(redirect)).toEqual([400, 'invalid_redirect_url']);
    expect(await rowCounts(ctx, SIGN_IN_TABLES)).toEqual(before);
    // The page's own request, corrected, still works.
    expect((await submit(callbackId, credential)).statusCode).toBe(200);
  });

  it('answers 409 oauth_account_conflict for an address owned by an account it may not enter', async () => {
    const owner = newPerson();
    // The address's owner has not proven it: an upstream cannot claim that account (SECURITY C6).
    const first = await start();
    const unverified = await google.mintIdToken({ ...owner, email_verified: false, nonce: first });
    expect((await submit(first, unverified)).statusCode).toBe(200);
    const callbackId = await start();
    const credential = await google.mintIdToken({ ...owner, sub: `${owner.sub}-other`, nonce: callbackId });
    const before = await rowCounts(ctx, SIGN_IN_TABLES);
    const response = await submit(callbackId, credential);
    expect(statusAndErrorType(response)).toEqual([409, 'oauth_account_conflict']);
    expect(await rowCounts(ctx, SIGN_IN_TABLES)).toEqual(before);
  });
});

describe('One Tap through the client-side services frame', () => {
  it('starts and submits with the parent origin the frame saw, and answers the redirect', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const started = await frame.call(DEMO_ORIGIN, 'oneTapStart', { publicToken: ctx.dev.public_token });
    expect(started.result).toEqual({ googleClientId: google.clientId, oauthCallbackId: expect.any(String) });
    const { oauthCallbackId } = started.result as { oauthCallbackId: string };
    const submitted = await frame.call(DEMO_ORIGIN, 'oneTapSubmit', {
      publicToken: ctx.dev.public_token,
      credential: await google.mintIdToken({ ...newPerson(), nonce: oauthCallbackId }),
      oauthCallbackId,
      loginRedirectURL: DEMO_REDIRECT,
    });
    expect((submitted.result as { redirect_url: string }).redirect_url).toMatch(
      /^http:\/\/localhost:4100\/authenticate\?stytch_token_type=oauth&token=/,
    );
    expect(frame.requests.map((r) => (r.body as { parent_origin: string }).parent_origin)).toEqual([
      DEMO_ORIGIN,
      DEMO_ORIGIN,
    ]);
  });

  it('passes oauth_config_not_found on to the page', async () => {
    const other = await ctx.givenProject({ allowedOrigins: ['https://shop.example'] });
    const frame = startFrame(ctx.app, other.public_token);
    const reply = await frame.call('https://shop.example', 'oneTapStart', {
      publicToken: other.public_token,
    });
    expect(reply.error).toMatchObject({ status_code: 404, error_type: 'oauth_config_not_found' });
  });
});

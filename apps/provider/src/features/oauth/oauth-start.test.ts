/** GET /v1/public/oauth/{provider}/start: the redirect, the state and its cookie, and every refusal (nothing stored). */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { givenOAuthConfig, startOAuth, stateCookieOf } from '../../../test/oauth-helpers.js';
import { countRows } from '../../../test/row-counts.js';
import { createTestContext, DEMO_REDIRECT, json, statusAndErrorType } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { hashToken } from '../../crypto/tokens.js';
import { LOOKUP_LIMITS } from '../../rate-limit/lookup-throttle.js';
import { stateCookieName } from './oauth-state-cookie.js';

const ALLOWED = 'https://ok.com/callback';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google');
/** A project that accepts exactly ALLOWED (no local-URL leniency). */
let strict: { public_token: string; projectId: string };
beforeAll(async () => {
  const created = await ctx.givenProject({
    allowedRedirectUrls: [ALLOWED],
    defaultLoginRedirectUrl: ALLOWED,
  });
  strict = { public_token: created.public_token, projectId: created.project.id };
  await givenOAuthConfig(ctx, fake, 'google', { projectId: strict.projectId });
});

const jsonAccept = { accept: 'application/json' };

/** Runs `call` and expects `status`/`type` with no state stored and no upstream contacted. */
async function expectRefused(
  call: () => ReturnType<typeof startOAuth>,
  status: number,
  type: string,
): Promise<Record<string, unknown>> {
  const states = await countRows(ctx, 'oauth_states');
  const upstreamCalls = fake.requests.length;
  const response = await call();
  expect(statusAndErrorType(response)).toEqual([status, type]);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(await countRows(ctx, 'oauth_states')).toBe(states);
  expect(fake.requests.length).toBe(upstreamCalls);
  return json(response);
}

describe('a good start', () => {
  it('redirects (302) to the upstream with our own PKCE, a nonce and the state, and sets the state cookie', async () => {
    const appChallenge = s256Challenge('a'.repeat(43));
    const response = await startOAuth(ctx, 'google', {
      code_challenge: appChallenge,
      custom_scopes: 'email https://www.googleapis.com/auth/calendar.readonly',
      provider_prompt: 'select_account',
      provider_login_hint: 'ada@example.com',
      provider_client_id: 'attacker-client',
      provider_redirect_uri: 'https://evil.example/cb',
      provider_response_mode: 'fragment',
      login_redirect_url: 'http://localhost:4100/login',
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.origin}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toEqual({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: 'http://localhost:4000/v1/public/oauth/google/callback',
      // Configured, then custom, each once.
      scope: 'openid email profile https://www.googleapis.com/auth/calendar.readonly',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      prompt: 'select_account',
      login_hint: 'ada@example.com',
    });
    // Our challenge towards the upstream is not the app's.
    expect(params.code_challenge).not.toBe(appChallenge);

    const state = params.state as string;
    expect(response.headers['set-cookie']).toBe(
      `${stateCookieName(state)}=${state}; Path=/v1/public/oauth; HttpOnly; Max-Age=600; SameSite=Lax`,
    );
    expect(stateCookieOf(response)).toMatch(/^lk_oauth_[0-9a-f]{16}=/);

    const row = await ctx.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state_hash', '=', hashToken(state))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      project_id: ctx.dev.project.id,
      provider_type: 'google',
      nonce: params.nonce,
      code_challenge: appChallenge,
      login_redirect_url: 'http://localhost:4100/login',
      signup_redirect_url: 'http://localhost:4100/authenticate',
      custom_scopes: ['email', 'https://www.googleapis.com/auth/calendar.readonly'],
      used_at: null,
    });
    expect(s256Challenge(row.code_verifier)).toBe(params.code_challenge);
    expect(row.expires_at.getTime() - ctx.clock.now().getTime()).toBe(10 * 60_000);
    // Only the state's hash is stored.
    expect(JSON.stringify(row)).not.toContain(state);
  });

  it('an https provider sets the cookie SameSite=None; Secure (Apple posts its answer cross-site)', async () => {
    const secure = await createTestContext({ publicUrl: 'https://id.example.com' });
    try {
      await givenOAuthConfig(secure, fake, 'google');
      const response = await startOAuth(secure, 'google');
      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location as string);
      expect(location.searchParams.get('redirect_uri')).toBe(
        'https://id.example.com/v1/public/oauth/google/callback',
      );
      expect(response.headers['set-cookie']).toMatch(/; HttpOnly; Max-Age=600; SameSite=None; Secure$/);
    } finally {
      await secure.close();
    }
  });
});

describe('refusals before the redirect', () => {
  it('unknown public token → 401 invalid_public_token', async () => {
    await expectRefused(
      () =>
        startOAuth(
          ctx,
          'google',
          { public_token: 'public-token-test-00000000-0000-4000-8000-000000000000' },
          jsonAccept,
        ),
      401,
      'invalid_public_token',
    );
  });

  it('unknown provider name → 400 invalid_request', async () => {
    const body = await expectRefused(
      () => startOAuth(ctx, 'myspace', {}, jsonAccept),
      400,
      'invalid_request',
    );
    expect(body.error_message).toBe('"myspace" is not an OAuth provider this API knows.');
  });

  it('a provider the project has not configured → 404 oauth_config_not_found', async () => {
    await expectRefused(() => startOAuth(ctx, 'microsoft', {}, jsonAccept), 404, 'oauth_config_not_found');
  });

  it('PKCE required but no code_challenge → 400 pkce_mismatch; a malformed challenge → 400 invalid_request', async () => {
    const created = await ctx.givenProject({
      allowedRedirectUrls: [ALLOWED],
      defaultLoginRedirectUrl: ALLOWED,
    });
    await ctx.db
      .updateTable('projects')
      .set({ pkce_required_for_oauth: true })
      .where('id', '=', created.project.id)
      .execute();
    await givenOAuthConfig(ctx, fake, 'google', { projectId: created.project.id });
    const as = (query: Record<string, string>) => () =>
      startOAuth(ctx, 'google', { public_token: created.public_token, ...query }, jsonAccept);
    await expectRefused(as({}), 400, 'pkce_mismatch');
    await expectRefused(as({ code_challenge: 'too-short' }), 400, 'invalid_request');
    expect(
      (
        await startOAuth(ctx, 'google', {
          public_token: created.public_token,
          code_challenge: s256Challenge('v'.repeat(43)),
        })
      ).statusCode,
    ).toBe(302);
  });

  it('bad custom_scopes and repeated provider_ parameters → 400 invalid_request', async () => {
    await expectRefused(
      () => startOAuth(ctx, 'google', { custom_scopes: 'email "quoted"' }, jsonAccept),
      400,
      'invalid_request',
    );
    await expectRefused(
      () =>
        ctx.app.inject({
          method: 'GET',
          url: `/v1/public/oauth/google/start?public_token=${ctx.dev.public_token}&provider_prompt=a&provider_prompt=b`,
          headers: jsonAccept,
        }),
      400,
      'invalid_request',
    );
  });

  it('a browser is sent back (303) to the allow-listed login URL with the error; nothing is stored', async () => {
    const states = await countRows(ctx, 'oauth_states');
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    // No login_redirect_url: the project's default. Given and allowed: that one.
    for (const [query, back] of [
      [{}, DEMO_REDIRECT],
      [{ login_redirect_url: 'http://localhost:4100/login?x=1' }, 'http://localhost:4100/login?x=1'],
    ] as const) {
      const response = await startOAuth(ctx, 'microsoft', query, browser);
      expect(response.statusCode).toBe(303);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      const location = new URL(response.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(back.split('?')[0]);
      if (back.includes('?x=1')) expect(location.searchParams.get('x')).toBe('1');
      expect(location.searchParams.get('stytch_token_type')).toBe('oauth');
      expect(location.searchParams.get('error')).toBe('oauth_config_not_found');
      expect(location.searchParams.get('error_description')).toBe(
        'This project has no configuration for this OAuth provider.',
      );
      expect(location.searchParams.has('token')).toBe(false);
    }
    expect(await countRows(ctx, 'oauth_states')).toBe(states);
  });

  it('with no allow-listed URL to go back to, a browser gets a small HTML page with the message, error_type and a way back', async () => {
    const states = await countRows(ctx, 'oauth_states');
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    // A redirect URL the project does not allow is never gone to, even with the error.
    const response = await startOAuth(
      ctx,
      'google',
      { public_token: strict.public_token, login_redirect_url: 'https://evil.example/callback' },
      browser,
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*'; style-src 'unsafe-inline'; frame-ancestors 'none'$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<code>invalid_redirect_url</code>');
    expect(response.body).toContain('<button type="button" id="back" hidden>Go back</button>');
    // A project without a default login URL, and no Accept header at all.
    const noDefault = await ctx.givenProject({ allowedRedirectUrls: [ALLOWED] });
    const page = await startOAuth(ctx, '<script>', { public_token: noDefault.public_token });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('&quot;&lt;script&gt;&quot; is not an OAuth provider');
    // An unknown project has no allow-list at all.
    expect((await startOAuth(ctx, 'google', { public_token: 'public-token-test-nope' })).statusCode).toBe(
      401,
    );
    expect(await countRows(ctx, 'oauth_states')).toBe(states);
  });
});

describe('redirect URLs (SECURITY C1, C2): exact match with the allow-list only', () => {
  const corpus = [
    'https://ok.com@evil.com/callback',
    'https://ok.com.evil.com/callback',
    'https://evil-ok.com/callback',
    '//evil.com/callback',
    '/\\evil.com',
    'https:evil.com/callback',
    '%2F%2Fevil.com',
    'https:%2F%2Fok.com%2Fcallback',
    'JaVaScRiPt:alert(document.domain)',
    'javascript://ok.com/callback%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' https://ok.com/callback',
    'https://ok.com/callback ',
    '\thttps://ok.com/callback',
    'https://ok.com/callback\u0000',
    'https://ok.com/callback\r\n',
    'https://οk.com/callback',
    'https://xn--k-0ob.com/callback',
    'https://ok.com./callback',
    'https://ok.com:8443/callback',
    'https://ok.com:443/callback',
    'https://ok.com/callback#fragment',
    'http://ok.com/callback',
    'https://ok.com/callback/',
    'https://ok.com/callback?next=https://evil.com',
    'https://OK.com/callback',
    'HTTPS://ok.com/callback',
    'https://ok.com/Callback',
    'https://ok.com/callback/../callback',
    'https://ok.com\\@evil.com/callback',
  ];

  it.each(corpus)('%j → 400 invalid_redirect_url, nothing stored', async (url) => {
    for (const field of ['login_redirect_url', 'signup_redirect_url']) {
      await expectRefused(
        () => startOAuth(ctx, 'google', { public_token: strict.public_token, [field]: url }, jsonAccept),
        400,
        'invalid_redirect_url',
      );
    }
  });

  it('the dev project refuses non-local look-alikes of its local URLs', async () => {
    for (const url of [
      'http://localhost:4100@evil.com/x',
      'http://localhost.evil.com:4100/x',
      'http://localhost:4100\\@evil.com',
      'https://localhost:4100/x',
      'http://127.0.0.1.nip.io:4100/x',
      'javascript:alert(1)//http://localhost:4100/',
    ]) {
      await expectRefused(
        () => startOAuth(ctx, 'google', { login_redirect_url: url }, jsonAccept),
        400,
        'invalid_redirect_url',
      );
    }
  });

  it('property: a URL is accepted exactly when it is byte-equal to the allow-list entry', async () => {
    const mutated = fc
      .tuple(
        fc.nat({ max: ALLOWED.length }),
        fc.nat({ max: ALLOWED.length }),
        fc.string({ maxLength: 3, unit: 'binary' }),
      )
      .map(([from, length, insert]) => ALLOWED.slice(0, from) + insert + ALLOWED.slice(from + length))
      .filter((url) => url !== ALLOWED && url.length > 0);
    await fc.assert(
      fc.asyncProperty(mutated, async (url) => {
        const response = await startOAuth(
          ctx,
          'google',
          { public_token: strict.public_token, login_redirect_url: url },
          jsonAccept,
        );
        expect(json(response).error_type).toBe('invalid_redirect_url');
      }),
      { numRuns: 150 },
    );
    const exact = await startOAuth(ctx, 'google', {
      public_token: strict.public_token,
      login_redirect_url: ALLOWED,
    });
    expect(exact.statusCode).toBe(302);
  });
});

describe('rate limit (lookup throttle kind oauth_start)', () => {
  it(`admits ${LOOKUP_LIMITS.oauth_start.ipPerMinute} starts a minute from one network, then 429 with Retry-After`, async () => {
    const created = await ctx.givenProject({
      allowedRedirectUrls: [ALLOWED],
      defaultLoginRedirectUrl: ALLOWED,
    });
    await givenOAuthConfig(ctx, fake, 'google', { projectId: created.project.id });
    const start = (ip: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/v1/public/oauth/google/start?public_token=${created.public_token}`,
        headers: jsonAccept,
        remoteAddress: ip,
      });
    // Refused starts use no budget.
    for (let i = 0; i < 5; i += 1) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: `/v1/public/oauth/google/start?public_token=${created.public_token}&login_redirect_url=https://evil.com`,
        headers: jsonAccept,
        remoteAddress: '192.0.2.77',
      });
      expect(refused.statusCode).toBe(400);
    }
    for (let i = 0; i < LOOKUP_LIMITS.oauth_start.ipPerMinute; i += 1) {
      expect((await start('192.0.2.77')).statusCode).toBe(302);
    }
    const states = await countRows(ctx, 'oauth_states');
    const limited = await start('192.0.2.77');
    expect(statusAndErrorType(limited)).toEqual([429, 'too_many_requests']);
    expect(limited.headers['retry-after']).toBe('60');
    expect(await countRows(ctx, 'oauth_states')).toBe(states);
    expect((await start('192.0.2.78')).statusCode).toBe(302);
  });
});

/**
 * The development OpenID issuer as an OpenID provider (issue 17 item 1): discovery, JWKS, the
 * authorization request's checks, the consent page, the token endpoint with PKCE and signed ID
 * tokens, userinfo; and that it exists in development only.
 */
import { createLocalJWKSet, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consentOf,
  openConsentPage,
  submitConsent,
  useDevIssuerContext,
} from '../../../test/dev-oidc-helpers.js';
import { createTestContext, statusAndErrorType } from '../../../test/test-app.js';
import { s256Challenge } from '../../crypto/pkce.js';

const ctx = useDevIssuerContext();
let issuer: string;
let callback: string;
const verifier = 'v'.repeat(43);

beforeAll(() => {
  issuer = `${ctx.options.publicUrl}/dev/oidc`;
  callback = `${ctx.options.publicUrl}/v1/public/oauth/google/callback`;
});

/** An authorization URL of the google client, with `overrides` (undefined drops a parameter). */
function authorizeUrl(overrides: Record<string, string | undefined> = {}): string {
  const url = new URL(`${issuer}/authorize`);
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: 'latchkey-dev-google',
    redirect_uri: callback,
    scope: 'openid email profile',
    state: 'state-123',
    nonce: 'nonce-456',
    code_challenge: s256Challenge(verifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

/** Consents as `email` and returns the code from the issuer's redirect. */
async function codeFor(email: string, overrides: Record<string, string | undefined> = {}): Promise<string> {
  const page = await openConsentPage(ctx, authorizeUrl(overrides));
  const answer = await submitConsent(ctx, { consent: consentOf(page), name: 'Ada Lovelace', email });
  expect(answer.statusCode).toBe(303);
  const location = new URL(answer.headers.location as string);
  expect(location.searchParams.get('iss')).toBe(issuer);
  return location.searchParams.get('code') as string;
}

describe('discovery and keys', () => {
  it('publishes OpenID Provider metadata naming itself, PKCE S256 and its endpoints', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
      subject_types_supported: ['public'],
    });
  });

  it('publishes one public ES256 signing key with a kid, and no private part', async () => {
    const { keys } = (await (await fetch(`${issuer}/jwks`)).json()) as {
      keys: Array<Record<string, string>>;
    };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(keys[0]?.d).toBeUndefined();
  });
});

describe('the authorization request', () => {
  it('shows the development sign-in page: labelled as not Google, with labelled fields and Cancel', async () => {
    const page = await openConsentPage(ctx, authorizeUrl({ login_hint: 'grace@example.com' }));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Development sign-in for Google · Latchkey</title>');
    expect(page.body).toContain('Development only — this is not Google');
    expect(page.body).toContain('<label for="name">Name</label>');
    expect(page.body).toContain('<label for="email">Email address</label>');
    // login_hint prefills the address.
    expect(page.body).toMatch(/id="email" name="email" value="grace@example.com"/);
    expect(page.body).toContain('name="decision" value="cancel" formnovalidate>Cancel</button>');
  });

  it('never redirects for an unknown client or a redirect_uri other than the registered one', async () => {
    for (const overrides of [
      { client_id: 'someone-else' },
      { redirect_uri: 'https://evil.example/callback' },
      { redirect_uri: `${callback}/` },
      { redirect_uri: undefined },
    ]) {
      const page = await openConsentPage(ctx, authorizeUrl(overrides));
      expect(page.statusCode).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(page.body).toContain('Sign-in could not continue');
    }
  });

  it('sends other faults back to the client with the state and iss (RFC 6749 §4.1.2.1, RFC 9207)', async () => {
    for (const [overrides, error] of [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'email profile' }, 'invalid_scope'],
      [{ prompt: 'none' }, 'login_required'],
    ] as const) {
      const answer = await openConsentPage(ctx, authorizeUrl(overrides));
      expect(answer.statusCode).toBe(303);
      const location = new URL(answer.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(callback);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('state-123');
      expect(location.searchParams.get('iss')).toBe(issuer);
    }
  });
});

describe('the consent form', () => {
  it('refuses a bad address with an accessible error, keeps what was typed, and still accepts a good one', async () => {
    const page = await openConsentPage(ctx, authorizeUrl());
    const consent = consentOf(page);
    for (const email of ['', 'not-an-address', 'ada@localhost']) {
      const again = await submitConsent(ctx, { consent, name: 'Ada <b>', email });
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('<title>Error: Development sign-in for Google · Latchkey</title>');
      expect(again.body).toContain('role="alert"');
      expect(again.body).toMatch(
        /id="email"[^>]*aria-describedby="email-hint email-error"[^>]*aria-invalid="true"/,
      );
      expect(again.body).toContain('<p class="error" id="email-error">');
      expect(again.body).toContain('value="Ada &lt;b&gt;"');
    }
    const accepted = await submitConsent(ctx, { consent, name: 'Ada', email: 'ada@example.com' });
    expect(accepted.statusCode).toBe(303);
    expect(new URL(accepted.headers.location as string).searchParams.get('code')).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    // The form is single use.
    expect((await submitConsent(ctx, { consent, email: 'ada@example.com' })).statusCode).toBe(400);
  });

  it('Cancel returns access_denied to the client with the state', async () => {
    const page = await openConsentPage(ctx, authorizeUrl());
    const answer = await submitConsent(ctx, { consent: consentOf(page), decision: 'cancel' });
    expect(answer.statusCode).toBe(303);
    const location = new URL(answer.headers.location as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('remembers the last name and address in this browser for the next sign-in', async () => {
    const page = await openConsentPage(ctx, authorizeUrl());
    const answer = await submitConsent(ctx, {
      consent: consentOf(page),
      name: 'Grace Hopper',
      email: 'Grace@Example.com',
    });
    const cookie = (answer.headers['set-cookie'] as string).split(';')[0] as string;
    expect(answer.headers['set-cookie']).toContain('Path=/dev/oidc; HttpOnly; SameSite=Lax');
    const next = await openConsentPage(ctx, authorizeUrl(), cookie);
    expect(next.body).toContain('value="Grace Hopper"');
    expect(next.body).toContain('value="grace@example.com"');
  });
});

describe('the token endpoint', () => {
  const token = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body),
    });
  let secret = '';
  beforeAll(() => {
    // The secret lives in memory only; the test reads it from the app's issuer, as the provider does.
    secret = ctx.app.devOidcIssuer?.clients.forProvider('google').clientSecret ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('exchanges a code once, with the PKCE verifier, for an ID token signed by the published key', async () => {
    const code = await codeFor('ada@example.com');
    const exchange = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callback,
      code_verifier: verifier,
    };
    const wrongSecret = await token({ ...exchange, client_id: 'latchkey-dev-google', client_secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const wrongVerifier = await token({
      ...exchange,
      code_verifier: 'w'.repeat(43),
      client_id: 'latchkey-dev-google',
      client_secret: secret,
    });
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const response = await token({ ...exchange, client_id: 'latchkey-dev-google', client_secret: secret });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = (await response.json()) as Record<string, string | number>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' });
    const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as Parameters<typeof createLocalJWKSet>[0];
    const { payload } = await jwtVerify(tokens.id_token as string, createLocalJWKSet(jwks), {
      issuer,
      audience: 'latchkey-dev-google',
      currentDate: ctx.clock.now(),
      algorithms: ['ES256'],
    });
    expect(payload).toMatchObject({
      nonce: 'nonce-456',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      sub: expect.stringMatching(/^dev-/),
    });

    const userinfo = await fetch(`${issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toEqual({
      sub: payload.sub,
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });

    // A second redemption is refused and takes back the access token the first one bought.
    const replay = await token({ ...exchange, client_id: 'latchkey-dev-google', client_secret: secret });
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    const revoked = await fetch(`${issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('accepts client_secret_basic, refuses another client’s code, and codes expire after 60 s', async () => {
    const basic = `Basic ${Buffer.from(`latchkey-dev-google:${encodeURIComponent(secret)}`).toString('base64')}`;
    const code = await codeFor('basic@example.com');
    const ok = await token(
      { grant_type: 'authorization_code', code, redirect_uri: callback, code_verifier: verifier },
      { authorization: basic },
    );
    expect(ok.status).toBe(200);

    const expiring = await codeFor('late@example.com');
    ctx.clock.advance(61_000);
    const late = await token(
      { grant_type: 'authorization_code', code: expiring, redirect_uri: callback, code_verifier: verifier },
      { authorization: basic },
    );
    expect(await late.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('development only', () => {
  it('is not served, nor used for the dev project, in production — even when asked for', async () => {
    const production = await createTestContext({ mode: 'production', devOidcIssuer: true });
    try {
      const discovery = await production.app.inject({
        method: 'GET',
        url: '/dev/oidc/.well-known/openid-configuration',
      });
      expect(discovery.statusCode).toBe(404);
      const start = await production.app.inject({
        method: 'GET',
        url: `/v1/public/oauth/google/start?public_token=${production.dev.public_token}`,
        headers: { accept: 'application/json' },
      });
      expect(statusAndErrorType(start)).toEqual([404, 'oauth_config_not_found']);
    } finally {
      await production.close();
    }
  });
});

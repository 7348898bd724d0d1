/** The fake OpenID provider itself (apps/provider/test): it must refuse what a real one refuses, or the other tests prove nothing. */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenIdProvider, startFakeOpenIdProvider } from '../../../../test/fake-openid-provider.js';
import { createManualClock } from '../../../clock.js';

const REDIRECT = 'http://localhost:3000/callback';
const VERIFIER = 'v'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

let fake: FakeOpenIdProvider;
beforeEach(async () => {
  fake = await startFakeOpenIdProvider({ clock: createManualClock() });
});
afterEach(() => fake.close());

const authorizeUrl = (extra: Record<string, string> = {}, path = '/authorize') =>
  `${fake.origin}${path}?${new URLSearchParams({
    response_type: 'code',
    client_id: fake.clientId,
    redirect_uri: REDIRECT,
    scope: 'openid email',
    state: 'st',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...extra,
  })}`;

const token = (form: Record<string, string>, path = '/token') =>
  fetch(`${fake.origin}${path}`, { method: 'POST', body: new URLSearchParams(form) });

async function code(extra: Record<string, string> = {}): Promise<string> {
  const callback = await fake.authorize(authorizeUrl(extra));
  if (callback.method !== 'GET' || !callback.params.code) throw new Error('no code');
  return callback.params.code;
}

const exchange = (value: string, overrides: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code: value,
  redirect_uri: REDIRECT,
  code_verifier: VERIFIER,
  client_id: fake.clientId,
  client_secret: fake.clientSecret,
  ...overrides,
});

describe('fake OpenID provider', () => {
  it('redirects back with code and state, or with error=access_denied when told', async () => {
    const callback = await fake.authorize(authorizeUrl());
    expect(callback).toMatchObject({ method: 'GET', params: { state: 'st', code: expect.any(String) } });
    expect(callback.method === 'GET' && callback.url.startsWith(`${REDIRECT}?`)).toBe(true);
    fake.nextAuthorizationError();
    expect(await fake.authorize(authorizeUrl())).toMatchObject({
      params: { error: 'access_denied', state: 'st' },
    });
    expect(await fake.authorize(authorizeUrl())).toMatchObject({ params: { code: expect.any(String) } });
  });

  it('refuses an authorization request for another client without redirecting', async () => {
    const response = await fetch(authorizeUrl({ client_id: 'other' }), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('redeems a code once; the second use is invalid_grant', async () => {
    const value = await code();
    expect((await token(exchange(value))).status).toBe(200);
    const again = await token(exchange(value));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it.each([
    ['client secret', { client_secret: 'wrong' }, 401, 'invalid_client'],
    ['client id', { client_id: 'other' }, 401, 'invalid_client'],
    ['redirect_uri', { redirect_uri: `${REDIRECT}/x` }, 400, 'invalid_grant'],
    ['PKCE verifier', { code_verifier: 'w'.repeat(43) }, 400, 'invalid_grant'],
    ['grant type', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
  ])('refuses a wrong %s', async (_what, overrides, status, error) => {
    const response = await token(exchange(await code(), overrides));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error });
  });

  it('logs requests, fails endpoints on demand and answers the JWKS with every key', async () => {
    await fake.rotateKey();
    const jwks = (await (await fetch(`${fake.origin}/jwks`)).json()) as {
      keys: Array<{ kid: string; kty: string }>;
    };
    expect(jwks.keys).toHaveLength(2);
    expect(jwks.keys.every((key) => key.kty === 'RSA' && !('d' in key))).toBe(true);
    fake.retireOldKeys();
    fake.fail('jwks', 503);
    expect((await fetch(`${fake.origin}/jwks`)).status).toBe(503);
    fake.fail('jwks', null);
    const after = (await (await fetch(`${fake.origin}/jwks`)).json()) as { keys: unknown[] };
    expect(after.keys).toHaveLength(1);
    expect(fake.requestsTo('/jwks')).toHaveLength(3);
  });

  it('speaks GitHub: 200 with an error field for a used code, comma-separated scopes', async () => {
    const callback = await fake.authorize(
      authorizeUrl({ scope: 'read:user user:email' }, '/login/oauth/authorize'),
    );
    const value = callback.method === 'GET' ? (callback.params.code as string) : '';
    const first = await token(exchange(value), '/login/oauth/access_token');
    expect(await first.json()).toMatchObject({ token_type: 'bearer', scope: 'read:user,user:email' });
    const second = await token(exchange(value), '/login/oauth/access_token');
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ error: 'bad_verification_code' });
  });

  it('posts the answer as a form for response_mode=form_post', async () => {
    fake.nextIdentity({ sub: 'a', given_name: 'Ada', family_name: 'L', email: 'a@example.com' });
    const callback = await fake.authorize(authorizeUrl({ response_mode: 'form_post', scope: 'name email' }));
    expect(callback).toEqual({
      method: 'POST',
      url: REDIRECT,
      form: {
        code: expect.any(String),
        state: 'st',
        user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'L' }, email: 'a@example.com' }),
      },
    });
  });
});

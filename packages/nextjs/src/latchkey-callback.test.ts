/** handleLatchkeyCallback: redeems magic-link and OAuth tokens with the secret, sets the SDK's cookies, redirects only where allowed. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  givenFakeProvider,
  LIVE_TOKEN,
  PROJECT_ID,
  SECRET,
} from '../test/fake-provider.js';
import { handleLatchkeyCallback } from './latchkey-callback.js';

const now = new Date('2030-01-01T00:30:00Z');
const callback = 'http://localhost:3000/api/latchkey/callback';

describe('handleLatchkeyCallback', () => {
  let provider: FakeProvider;
  let GET: ReturnType<typeof handleLatchkeyCallback>;
  beforeEach(async () => {
    provider = await givenFakeProvider(() => now);
    GET = handleLatchkeyCallback({
      afterSignInUrl: '/dashboard',
      allowedReturnPaths: ['/dashboard/settings'],
      ...provider.options,
    });
  });

  it('redeems a magic-link token with the project secret, sets both cookies and lands on afterSignInUrl', async () => {
    const response = await GET(new Request(`${callback}?stytch_token_type=magic_links&token=good-token`));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:3000/dashboard');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(provider.seen).toEqual([
      {
        method: 'POST',
        path: '/v1/magic_links/authenticate',
        authorization: `Basic ${btoa(`${PROJECT_ID}:${SECRET}`)}`,
        body: { token: 'good-token', session_duration_minutes: 60 },
      },
    ]);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toBe(
      `stytch_session=${LIVE_TOKEN}; Path=/; Expires=Tue, 01 Jan 2030 01:00:00 GMT; SameSite=lax`,
    );
    expect(cookies[1]).toMatch(
      /^stytch_session_jwt=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Expires=Tue, 01 Jan 2030/,
    );
  });

  it('redeems an OAuth token at /v1/oauth/authenticate', async () => {
    const response = await GET(new Request(`${callback}?stytch_token_type=oauth&token=good-token`));
    expect(response.status).toBe(303);
    expect(provider.seen.map((each) => each.path)).toEqual(['/v1/oauth/authenticate']);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it('sends a refused token back to sign in with the reason, and sets no cookie', async () => {
    const response = await GET(new Request(`${callback}?stytch_token_type=magic_links&token=used-token`));
    expect(response.headers.get('location')).toBe(
      'http://localhost:3000/sign-in?latchkey_error=unable_to_auth_magic_link',
    );
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('asks the provider nothing for another token type or a missing token', async () => {
    for (const query of ['stytch_token_type=reset_password&token=t', 'stytch_token_type=magic_links', '']) {
      const response = await GET(new Request(`${callback}?${query}`));
      expect(response.headers.get('location')).toBe(
        'http://localhost:3000/sign-in?latchkey_error=invalid_token_type',
      );
    }
    expect(provider.seen).toEqual([]);
  });

  it('follows return_to only when it is an allowed path, byte for byte (SECURITY.md C2 corpus)', async () => {
    const landing = async (returnTo: string) => {
      const query = new URLSearchParams({
        stytch_token_type: 'magic_links',
        token: 'good-token',
        return_to: returnTo,
      });
      return (await GET(new Request(`${callback}?${query}`))).headers.get('location');
    };
    expect(await landing('/dashboard/settings')).toBe('http://localhost:3000/dashboard/settings');
    for (const hostile of [
      '//evil.com',
      '/\\evil.com',
      'https://evil.com/dashboard/settings',
      'https:evil.com',
      '%2F%2Fevil.com',
      'javascript:alert(1)',
      ' /dashboard/settings',
      '/dashboard/settings/',
      '/dashboard/settings?x=1',
      '/dashboard/settings#x',
      '/dashboard/settings/../../x',
      '/DASHBOARD/settings',
    ]) {
      expect(await landing(hostile), hostile).toBe('http://localhost:3000/dashboard');
    }
  });
});

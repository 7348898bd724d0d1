/**
 * Issue 17 item 1: a browser refused before or after the upstream comes back to the app's page
 * with the error, so the widget can show it and offer another try; only ever to an allow-listed
 * URL (SECURITY C1), and without one the provider's page with a way back.
 */
import { describe, expect, it } from 'vitest';
import {
  authorizeAtFake,
  deliverCallback,
  LOGIN_REDIRECT,
  OAUTH_TABLES,
  redirectOf,
} from '../../../test/oauth-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google');

const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function expectBackWith(response: Awaited<ReturnType<typeof deliverCallback>>, error: string): URL {
  const back = redirectOf(response);
  expect(`${back.origin}${back.pathname}`).toBe(LOGIN_REDIRECT);
  expect(back.searchParams.get('stytch_token_type')).toBe('oauth');
  expect(back.searchParams.get('error')).toBe(error);
  expect(back.searchParams.has('token')).toBe(false);
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  return back;
}

describe('a callback refused before its state is known good, in a browser', () => {
  it('without the state cookie: back to the login URL of that state with oauth_state_mismatch; nothing used up', async () => {
    const { callback } = await authorizeAtFake(ctx, fake, 'google', { login_redirect_url: LOGIN_REDIRECT });
    const before = await rowCounts(ctx, OAUTH_TABLES);
    const back = expectBackWith(
      await deliverCallback(ctx, callback, undefined, browser),
      'oauth_state_mismatch',
    );
    expect(back.searchParams.get('error_description')).toContain('This browser did not start this sign-in');
    expect(await rowCounts(ctx, OAUTH_TABLES)).toEqual(before);
  });

  it('a replayed callback (state already used): back to the login URL again', async () => {
    const { callback, cookie } = await authorizeAtFake(ctx, fake, 'google', {
      login_redirect_url: LOGIN_REDIRECT,
    });
    redirectOf(await deliverCallback(ctx, callback, cookie, browser));
    expectBackWith(await deliverCallback(ctx, callback, cookie, browser), 'oauth_state_mismatch');
  });

  it('a state nobody issued: the page, with a way back, since no URL of the app is known', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/oauth/google/callback?state=made-up&code=x',
      headers: browser,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('<code>oauth_state_mismatch</code>');
    expect(response.body).toContain('id="back"');
  });

  it('a caller asking for JSON still gets the JSON error', async () => {
    const { callback } = await authorizeAtFake(ctx, fake, 'google', { login_redirect_url: LOGIN_REDIRECT });
    const response = await deliverCallback(ctx, callback, undefined, { accept: 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_type: 'oauth_state_mismatch' });
  });
});

describe('a start refused in a browser', () => {
  it('never carries text from the request to the app: an invalid_request gets the catalogue’s words', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/oauth/${encodeURIComponent('Call 555-0100 now')}/start?public_token=${ctx.dev.public_token}`,
      headers: browser,
    });
    const back = new URL(response.headers.location as string);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toBe(
      'The request is malformed or a field is invalid.',
    );
  });
});

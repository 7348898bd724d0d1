/**
 * Issue 16 item 8: a state-changing request that the browser marked `Sec-Fetch-Site: cross-site`
 * and sent without `Origin` is refused with 403 invalid_origin, like one with a foreign `Origin`;
 * server-to-server calls (no Sec-Fetch-* at all) and the upstream's cross-site form_post to the
 * OAuth callback keep working.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../test/magic-link-helpers.js';
import {
  authenticateOAuth,
  authorizeAtFake,
  deliverCallback,
  redirectOf,
  tokenOf,
} from '../../test/oauth-helpers.js';
import { rowCounts } from '../../test/row-counts.js';
import { devProjectAuthorization, postServerApi } from '../../test/server-api-calls.js';
import { DEMO_ORIGIN, json, sdkHeaders } from '../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../test/use-test-context.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'apple');

const SEND_TABLES = ['users', 'emails', 'magic_links', 'outbox_messages', 'rate_limit_buckets'] as const;

/** The SDK's headers without the page-origin ones (Origin, X-SDK-Parent-Host), plus `extra`. */
function withoutOrigin(extra: Record<string, string>, sessionToken?: string): Record<string, string> {
  const {
    origin: _origin,
    'x-sdk-parent-host': _parent,
    ...rest
  } = sdkHeaders(ctx.dev.public_token, sessionToken);
  return { ...rest, ...extra };
}

const sendLink = (headers: Record<string, string>, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/magic_links/email/login_or_create',
    headers,
    payload: { email },
  });

describe('Sec-Fetch-Site: cross-site without Origin', () => {
  it('a send is refused with 403 invalid_origin and nothing changes', async () => {
    const before = await rowCounts(ctx, SEND_TABLES);
    const response = await sendLink(
      withoutOrigin({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }),
      'csrf@example.com',
    );
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ status_code: 403, error_type: 'invalid_origin' });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(await rowCounts(ctx, SEND_TABLES)).toEqual(before);
  });

  it.each([
    ['PUT', '/sdk/v1/users/me'],
    [
      'DELETE',
      '/sdk/v1/users/webauthn_registrations/webauthn-registration-test-00000000-0000-4000-8000-000000000000',
    ],
    ['PATCH', '/sdk/v1/users/me'],
    ['POST', '/v1/sessions/authenticate'],
    ['POST', '/v1/public/oauth/google/onetap/start'],
  ])('%s %s is refused the same way, before anything else is looked at', async (method, url) => {
    const signedIn = await givenSignedInUser(ctx, `csrf-${method.toLowerCase()}-${url.length}@example.com`);
    const before = await rowCounts(ctx, ['users', 'sessions', 'webauthn_registrations']);
    const response = await ctx.app.inject({
      method: method as 'PUT',
      url,
      headers: withoutOrigin({ 'sec-fetch-site': 'Cross-Site' }, signedIn.session_token),
      payload: { untrusted_metadata: { x: 1 } },
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).error_type).toBe('invalid_origin');
    expect(await rowCounts(ctx, ['users', 'sessions', 'webauthn_registrations'])).toEqual(before);
  });

  it('a foreign Origin on a cross-site request is refused as before', async () => {
    const response = await sendLink(
      { ...withoutOrigin({ 'sec-fetch-site': 'cross-site' }), origin: 'https://evil.example' },
      'csrf-foreign@example.com',
    );
    expect(response.statusCode).toBe(403);
    expect(json(response).error_type).toBe('invalid_origin');
  });
});

describe('what keeps working', () => {
  it("the widget on an integrator's page: cross-site with its allowed Origin", async () => {
    const response = await sendLink(
      { ...sdkHeaders(ctx.dev.public_token), 'sec-fetch-site': 'cross-site' },
      'widget@example.com',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN);
  });

  it.each(['same-origin', 'same-site', 'none'])('Sec-Fetch-Site: %s without Origin', async (site) => {
    const response = await sendLink(withoutOrigin({ 'sec-fetch-site': site }), `site-${site}@example.com`);
    expect(response.statusCode).toBe(200);
  });

  it('a cross-site GET (nothing changes on GET)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/sdk/v1/projects/bootstrap/${ctx.dev.public_token}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('server-to-server calls send no Sec-Fetch-* and no Origin: the SDK API with the public token', async () => {
    expect((await sendLink(withoutOrigin({}), 'server-side@example.com')).statusCode).toBe(200);
  });

  it('server-to-server calls: @latchkey/node with the project secret', async () => {
    const signedIn = await givenSignedInUser(ctx, 'node-sdk@example.com');
    const response = await postServerApi(ctx, '/v1/sessions/authenticate', devProjectAuthorization(ctx), {
      session_token: signedIn.session_token,
    });
    expect(response.statusCode).toBe(200);
  });

  it("the upstream's form_post to the OAuth callback, cross-site without Origin, still signs in", async () => {
    fake.nextIdentity({
      sub: 'apple-cross-site',
      email: 'cross@privaterelay.appleid.com',
      email_verified: 'true',
    });
    const { cookie, callback } = await authorizeAtFake(ctx, fake, 'apple');
    expect(callback.method).toBe('POST');
    const answer = await deliverCallback(ctx, callback, cookie, {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    });
    const signedIn = await authenticateOAuth(ctx, tokenOf(redirectOf(answer)));
    expect(signedIn.statusCode).toBe(200);
  });
});

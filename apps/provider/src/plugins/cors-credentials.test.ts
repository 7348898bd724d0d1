/**
 * Credentialed CORS (SECURITY I6): the official SDK's 6.x majors fetch with
 * `credentials: 'include'`, which the browser allows only when the answer also carries
 * `Access-Control-Allow-Credentials: true` beside the exact origin.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORIGIN, sdkHeaders, type TestContext } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';

const ctx = useTestContext();
let shop: Awaited<ReturnType<TestContext['givenProject']>>;
beforeAll(async () => {
  shop = await ctx.givenProject({ allowedOrigins: ['https://shop.example'] });
});

/** What Chromium lists in the preflight of every 6.x (and 5.x) SDK call but /events. */
const SDK_REQUEST_HEADERS = 'authorization,content-type,x-sdk-client,x-sdk-parent-host';

const preflight = (origin: string | undefined, path = '/sdk/v1/magic_links/email/login_or_create') =>
  ctx.app.inject({
    method: 'OPTIONS',
    url: path,
    headers: {
      ...(origin === undefined ? {} : { origin }),
      'access-control-request-method': 'POST',
      'access-control-request-headers': SDK_REQUEST_HEADERS,
    },
  });

const bootstrap = (publicToken: string, origin: string | undefined) => {
  const { origin: _origin, 'x-sdk-parent-host': _host, ...rest } = sdkHeaders(publicToken);
  return ctx.app.inject({
    method: 'GET',
    url: `/sdk/v1/projects/bootstrap/${publicToken}`,
    headers: origin === undefined ? rest : { ...rest, origin, 'x-sdk-parent-host': origin },
  });
};

function expectCredentialedGrant(response: LightMyRequestResponse, origin: string): void {
  expect(response.headers['access-control-allow-origin']).toBe(origin);
  expect(response.headers['access-control-allow-credentials']).toBe('true');
  expect(response.headers.vary).toContain('Origin');
}

function expectNoGrant(response: LightMyRequestResponse): void {
  expect(response.headers['access-control-allow-origin']).toBeUndefined();
  expect(response.headers['access-control-allow-credentials']).toBeUndefined();
}

describe('preflight', () => {
  it.each([
    ['the development project’s local page', DEMO_ORIGIN],
    ['a configured project origin', 'https://shop.example'],
  ])('allows credentials for %s, echoing the origin', async (_label, origin) => {
    const response = await preflight(origin);
    expect(response.statusCode).toBe(204);
    expectCredentialedGrant(response, origin);
  });

  it('lists every header the official SDK sends (a credentialed preflight may not use `*`)', async () => {
    const response = await preflight(DEMO_ORIGIN);
    const allowed = String(response.headers['access-control-allow-headers'])
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(SDK_REQUEST_HEADERS.split(',')));
    expect(allowed).not.toContain('*');
    expect(response.headers['access-control-allow-methods']).not.toContain('*');
  });

  it.each(['https://evil.example', 'null', 'https://shop.example.evil.example', 'http://shop.example'])(
    'gives %s neither the origin nor credentials, and still varies on Origin',
    async (origin) => {
      const response = await preflight(origin);
      expect(response.statusCode).toBe(403);
      expectNoGrant(response);
      expect(response.headers.vary).toContain('Origin');
    },
  );

  it('gives a preflight without Origin nothing', async () => {
    const response = await preflight(undefined);
    expectNoGrant(response);
  });
});

describe('actual responses', () => {
  it('allow credentials on a success for an allowed origin', async () => {
    const response = await bootstrap(ctx.dev.public_token, DEMO_ORIGIN);
    expect(response.statusCode).toBe(200);
    expectCredentialedGrant(response, DEMO_ORIGIN);
  });

  it('allow credentials on an error too, so the SDK can read the error body', async () => {
    const response = await bootstrap('public-token-test-unknown', DEMO_ORIGIN);
    expect(response.statusCode).toBe(401);
    expectCredentialedGrant(response, DEMO_ORIGIN);
  });

  it('give a foreign origin neither the origin nor credentials', async () => {
    const response = await bootstrap(ctx.dev.public_token, 'https://evil.example');
    expect(response.statusCode).toBe(403);
    expectNoGrant(response);
    expect(response.headers.vary).toContain('Origin');
  });

  it("take the grant back when another project accepts the origin but this one doesn't", async () => {
    const response = await bootstrap(ctx.dev.public_token, 'https://shop.example');
    expect(response.statusCode).toBe(403);
    expectNoGrant(response);
    const own = await bootstrap(shop.public_token, 'https://shop.example');
    expect(own.statusCode).toBe(200);
    expectCredentialedGrant(own, 'https://shop.example');
  });

  it('carry no CORS headers for a caller without Origin (a server, curl)', async () => {
    const response = await bootstrap(ctx.dev.public_token, undefined);
    expect(response.statusCode).toBe(200);
    expectNoGrant(response);
  });

  it('allow credentials on the telemetry batch from an allowed origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/events',
      headers: { origin: DEMO_ORIGIN, 'content-type': 'application/json' },
      payload: [],
    });
    expect(response.statusCode).toBe(200);
    expectCredentialedGrant(response, DEMO_ORIGIN);
  });
});

/** The /sdk/v1 edge: Basic auth, CORS, body handling, the error shape and common headers. */
import { beforeAll, describe, expect, it } from 'vitest';
import { requestMagicLink } from '../../test/magic-link-helpers.js';
import { countRows } from '../../test/row-counts.js';
import { basic, DEMO_ORIGIN, json, sdkHeaders, type TestContext } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';

const ctx = useTestContext();
let configured: Awaited<ReturnType<TestContext['givenProject']>>;
beforeAll(async () => {
  configured = await ctx.givenProject({
    allowedOrigins: ['https://app.example.com'],
    allowedRedirectUrls: ['https://app.example.com/authenticate'],
    defaultLoginRedirectUrl: 'https://app.example.com/authenticate',
  });
});

const send = (headers: Record<string, string>, payload?: string | Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/magic_links/email/login_or_create',
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });

function expectWireError(response: Awaited<ReturnType<typeof send>>, status: number, type: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  const body = json(response);
  expect(body).toEqual({
    status_code: status,
    request_id: expect.stringMatching(/^request-id-test-/),
    error_type: type,
    error_message: expect.any(String),
    error_url: `docs/provider-api.md#${type}`,
    ...(body.body ? { body: body.body } : {}),
  });
  expect(response.body).not.toMatch(/at .*\.(ts|js):\d+|select |insert |update /i);
}

describe('Basic auth', () => {
  it('missing Authorization → 401 unauthorized_credentials', async () => {
    expectWireError(
      await send({ 'content-type': 'application/json' }, { email: 'a@example.com' }),
      401,
      'unauthorized_credentials',
    );
  });

  it.each([
    ['not Basic', 'Bearer abc'],
    ['not base64', 'Basic ###'],
    ['no colon', `Basic ${Buffer.from('public-token-test-x').toString('base64')}`],
    ['empty secret', `Basic ${Buffer.from('public-token-test-x:').toString('base64')}`],
  ])('garbled Authorization (%s) → 401 unauthorized_credentials', async (_label, authorization) => {
    expectWireError(
      await send({ authorization, 'content-type': 'application/json' }, { email: 'a@example.com' }),
      401,
      'unauthorized_credentials',
    );
  });

  it('unknown public token → 401 invalid_public_token', async () => {
    const response = await send(sdkHeaders('public-token-test-00000000-0000-4000-8000-000000000000'), {
      email: 'a@example.com',
    });
    expectWireError(response, 401, 'invalid_public_token');
  });

  it('splits at the first colon: a session token may not contain one, so a colon in it just means "unknown session"', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/sessions/authenticate',
      headers: { authorization: basic(ctx.dev.public_token, 'a:b'), 'content-type': 'application/json' },
      payload: {},
    });
    expectWireError(response, 404, 'session_not_found');
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with the listed headers and methods', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/sdk/v1/magic_links/email/login_or_create',
      headers: {
        origin: DEMO_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-sdk-client,x-sdk-parent-host',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN);
    expect(response.headers.vary).toContain('Origin');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(response.headers['access-control-allow-headers']).toBe(
      'authorization, content-type, x-sdk-client, x-sdk-parent-host',
    );
  });

  it('answers a preflight for a configured project origin too', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/sdk/v1/users/me',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PUT' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
  });

  it.each([
    'https://evil.example',
    'null',
    'https://app.example.com.evil.example',
    'http://app.example.com',
    'http://localhost',
  ])('gives no grant to the preflight from %s', async (origin) => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/sdk/v1/magic_links/email/login_or_create',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.statusCode).toBe(403);
  });

  it('refuses the actual request from a foreign origin with 403 invalid_origin and changes nothing', async () => {
    const before = await Promise.all([countRows(ctx, 'users'), countRows(ctx, 'outbox_messages')]);
    const response = await send(
      { ...sdkHeaders(ctx.dev.public_token), origin: 'https://evil.example' },
      { email: 'victim@example.com' },
    );
    expectWireError(response, 403, 'invalid_origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(await Promise.all([countRows(ctx, 'users'), countRows(ctx, 'outbox_messages')])).toEqual(before);
  });

  it('checks X-SDK-Parent-Host as well as Origin', async () => {
    const response = await send(
      { ...sdkHeaders(ctx.dev.public_token), 'x-sdk-parent-host': 'https://evil.example' },
      { email: 'x@example.com' },
    );
    expectWireError(response, 403, 'invalid_origin');
  });

  it("refuses an origin another project allows but this one doesn't", async () => {
    const response = await send(
      {
        ...sdkHeaders(ctx.dev.public_token),
        origin: 'https://app.example.com',
        'x-sdk-parent-host': 'https://app.example.com',
      },
      { email: 'x@example.com' },
    );
    expectWireError(response, 403, 'invalid_origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('puts the exact origin and Vary: Origin on error responses too', async () => {
    const response = await send(
      { ...sdkHeaders('public-token-test-unknown'), origin: DEMO_ORIGIN },
      { email: 'x@example.com' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN);
    expect(response.headers.vary).toContain('Origin');
  });

  it('lets a configured project use its exact origin', async () => {
    const response = await send(
      {
        ...sdkHeaders(configured.public_token),
        origin: 'https://app.example.com',
        'x-sdk-parent-host': 'https://app.example.com',
      },
      { email: 'configured@example.com' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
  });
});

describe('bodies', () => {
  it('malformed JSON → 400 invalid_request without a body key', async () => {
    const response = await send(sdkHeaders(ctx.dev.public_token), '{"email": ');
    expectWireError(response, 400, 'invalid_request');
    expect(json(response)).not.toHaveProperty('body');
  });

  it('a body over 64 KiB → 413 payload_too_large', async () => {
    const response = await send(
      sdkHeaders(ctx.dev.public_token),
      JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(70_000) }),
    );
    expectWireError(response, 413, 'payload_too_large');
  });

  it('an empty body with Content-Type: application/json is accepted (and then validated)', async () => {
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/sessions/revoke',
      headers: { ...sdkHeaders(ctx.dev.public_token, 'unknown-token') },
    });
    expectWireError(revoke, 404, 'session_not_found');
    const sendWithoutBody = await send(sdkHeaders(ctx.dev.public_token));
    expectWireError(sendWithoutBody, 400, 'invalid_request');
    expect(json(sendWithoutBody).body).toEqual([
      { dataPath: '.email', message: "must have required property 'email'" },
    ]);
  });

  it('a wrong field type lists each failure as {dataPath, message}', async () => {
    const response = await send(sdkHeaders(ctx.dev.public_token), {
      email: 5,
      login_expiration_minutes: '10',
    });
    expectWireError(response, 400, 'invalid_request');
    expect(
      json(response)
        .body.map((item: { dataPath: string }) => item.dataPath)
        .sort(),
    ).toEqual(['.email', '.login_expiration_minutes']);
  });

  it('prototype-poisoning JSON is refused', async () => {
    const response = await send(
      sdkHeaders(ctx.dev.public_token),
      '{"email":"a@example.com","__proto__":{"x":1}}',
    );
    expectWireError(response, 400, 'invalid_request');
  });

  it('deeply nested JSON is refused with 400, not 500', async () => {
    const depth = 20_000;
    const response = await send(
      sdkHeaders(ctx.dev.public_token),
      `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    );
    expect(response.statusCode).toBe(400);
  });

  it('a non-JSON content type → 415 unsupported_media_type', async () => {
    const response = await send(
      { ...sdkHeaders(ctx.dev.public_token), 'content-type': 'text/plain' },
      'email=a@example.com',
    );
    expectWireError(response, 415, 'unsupported_media_type');
  });
});

describe('common responses', () => {
  it('GET / is the health check', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(json(response)).toEqual({ name: 'latchkey-provider', status: 'ok' });
  });

  it('unknown routes → 404 route_not_found in the wire shape', async () => {
    expectWireError(await ctx.app.inject({ method: 'GET', url: '/sdk/v1/nope' }), 404, 'route_not_found');
  });

  it('every response carries nosniff and no-store', async () => {
    const ok = await requestMagicLink(ctx, 'headers@example.com');
    const error = await ctx.app.inject({ method: 'GET', url: '/sdk/v1/nope' });
    for (const response of [ok, error]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('the success envelope carries request_id and status_code inside data', async () => {
    const response = await requestMagicLink(ctx, 'envelope@example.com');
    expect(json(response).data).toMatchObject({
      request_id: expect.stringMatching(/^request-id-test-/),
      status_code: 200,
    });
    expect(Object.keys(json(response))).toEqual(['data']);
  });
});

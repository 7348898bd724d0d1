/** The client-side services frame: its page and CSP, its script, and the phone-number route it calls. */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRequest, startFrame } from '../../../test/clientside-frame-harness.js';
import { postServerApi } from '../../../test/server-api-calls.js';
import { DEMO_ORIGIN, json, type TestContext } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
let shop: Awaited<ReturnType<TestContext['givenProject']>>;
let closed: Awaited<ReturnType<TestContext['givenProject']>>;

beforeAll(async () => {
  shop = await ctx.givenProject({
    allowedOrigins: ['https://shop.example', 'https://www.shop.example:8443'],
  });
  closed = await ctx.givenProject({});
});

const page = (token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url:
      token === undefined
        ? '/v1/public/clientside-services'
        : `/v1/public/clientside-services?public_token=${token}`,
  });

describe('GET /v1/public/clientside-services', () => {
  it('serves the frame page that loads the same-origin script, uncached', async () => {
    const response = await page(ctx.dev.public_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<script src="clientside-services.js" defer></script>');
    // Nothing of the request is reflected into the page.
    expect(response.body).not.toContain(ctx.dev.public_token);
  });

  it("lets only the project's allowed origins embed it", async () => {
    const response = await page(shop.public_token);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors https://shop.example https://www.shop.example:8443",
    );
  });

  it('lets any local page embed the development project’s frame', async () => {
    const response = await page(ctx.dev.public_token);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors http://localhost:* http://127.0.0.1:*",
    );
  });

  it('lets no page embed the frame of a project without allowed origins', async () => {
    const response = await page(closed.public_token);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['an unknown public token', 'public-token-test-00000000-0000-0000-0000-000000000000'],
    ['no public token', undefined],
  ])('answers %s with a 401 page nobody can embed', async (_label, token) => {
    const response = await page(token);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.body).toContain('invalid_public_token');
    expect(response.body).not.toContain('<script');
  });
});

describe('GET /v1/public/clientside-services.js', () => {
  it('serves the frame script as JavaScript', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/public/clientside-services.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toContain("'latchkey-clientside'");
  });
});

const parse = (body: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/public/phone_numbers/parse', undefined, body);

describe('POST /v1/public/phone_numbers/parse', () => {
  const base = () => ({ public_token: ctx.dev.public_token, parent_origin: DEMO_ORIGIN });

  it('parses a national number in the given country', async () => {
    const response = await parse({ ...base(), number: '(201) 555-0123', country: 'us' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      is_valid: true,
      e164: '+12015550123',
      national: '(201) 555-0123',
      country: 'US',
      calling_code: '1',
    });
  });

  it('agrees with the passcode endpoints: fictional NANP numbers pass, premium-rate numbers do not', async () => {
    expect(json(await parse({ ...base(), number: '+1 555 555 0100' })).is_valid).toBe(true);
    const premium = json(await parse({ ...base(), number: '+1 900 555 0123' }));
    expect(premium).toMatchObject({ is_valid: false, e164: '+19005550123', country: 'US' });
  });

  it('reports what it could read of an incomplete number', async () => {
    expect(json(await parse({ ...base(), number: '+44 7911 12' }))).toMatchObject({
      is_valid: false,
      calling_code: '44',
    });
  });

  it.each([['1-800-FLOWERS'], ['+1 415 555 2671 ext 3'], ['+１４１５５５５２６７１'], ['']])(
    'reads nothing from %j',
    async (number) => {
      expect(json(await parse({ ...base(), number }))).toMatchObject({
        is_valid: false,
        e164: null,
        national: null,
        country: null,
        calling_code: null,
      });
    },
  );

  it('reads nothing for a country the metadata does not know', async () => {
    expect(json(await parse({ ...base(), number: '2015550123', country: 'ZZ' })).e164).toBeNull();
  });

  it.each([
    [
      'a page origin the project does not accept',
      { parent_origin: 'https://evil.example' },
      403,
      'invalid_origin',
    ],
    ['an unknown public token', { public_token: 'public-token-test-nope' }, 401, 'invalid_public_token'],
    ['a malformed country', { number: '2015550123', country: 'USA' }, 400, 'invalid_request'],
  ])('refuses %s', async (_, change, status, errorType) => {
    const response = await parse({ ...base(), number: '+12015550123', ...change });
    expect(response.statusCode).toBe(status);
    expect(json(response).error_type).toBe(errorType);
  });
});

describe('the frame script', () => {
  it('announces itself to its parent once loaded', () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    expect(frame.posted).toEqual([{ data: { lk: 'latchkey-clientside', ready: true }, targetOrigin: '*' }]);
  });

  it("answers parsePhoneNumber through the provider, with the parent's origin, to that origin only", async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const reply = await frame.call(DEMO_ORIGIN, 'parsePhoneNumber', { number: '2015550123', country: 'US' });
    expect(reply).toEqual({
      lk: 'latchkey-clientside',
      id: expect.any(String),
      result: {
        isValid: true,
        e164: '+12015550123',
        national: '(201) 555-0123',
        country: 'US',
        callingCode: '1',
      },
    });
    expect(frame.posted.at(-1)?.targetOrigin).toBe(DEMO_ORIGIN);
    expect(frame.requests).toEqual([parseRequest(ctx.dev.public_token, DEMO_ORIGIN, '2015550123', 'US')]);
  });

  it('passes the provider’s error on, for a parent origin the project does not accept', async () => {
    const frame = startFrame(ctx.app, shop.public_token);
    const reply = await frame.call('https://evil.example', 'parsePhoneNumber', { number: '+12015550123' });
    expect(reply.error).toEqual({
      status_code: 403,
      error_type: 'invalid_origin',
      error_message: 'This origin is not allowed for the project.',
    });
    expect(frame.posted.at(-1)?.targetOrigin).toBe('https://evil.example');
  });

  it('ignores messages that do not come from its parent, or from an opaque origin', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const data = {
      lk: 'latchkey-clientside',
      id: 1,
      method: 'parsePhoneNumber',
      params: { number: '+12015550123' },
    };
    frame.deliver({ source: {}, origin: DEMO_ORIGIN, data });
    frame.deliver({ source: frame.parent, origin: 'null', data });
    frame.deliver({ source: frame.parent, origin: DEMO_ORIGIN, data: { ...data, lk: 'other' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame.requests).toEqual([]);
    expect(frame.posted).toHaveLength(1);
  });

  it('refuses an unknown method and another project’s token without calling the provider', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    expect((await frame.call(DEMO_ORIGIN, 'toString', {})).error).toMatchObject({
      error_type: 'invalid_request',
    });
    expect(
      (await frame.call(DEMO_ORIGIN, 'parsePhoneNumber', { publicToken: shop.public_token, number: '+1' }))
        .error,
    ).toMatchObject({ status_code: 401, error_type: 'invalid_public_token' });
    expect(frame.requests).toEqual([]);
  });
});

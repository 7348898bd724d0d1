/**
 * The client-side services frame answering the official browser SDK's message format
 * (`{method, args: [request]}` with a MessagePort; issue 17 item 6), through the real frame
 * script and the real provider routes, and the example-number route it needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OfficialReply, parseRequest, startFrame } from '../../../test/clientside-frame-harness.js';
import { type FakeOpenIdProvider, startFakeOpenIdProvider } from '../../../test/fake-openid-provider.js';
import { postServerApi } from '../../../test/server-api-calls.js';
import {
  DEMO_ORIGIN,
  DEMO_REDIRECT,
  json,
  statusAndErrorType,
  type TestContext,
} from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { saveOAuthConfig } from '../oauth/oauth-config-store.js';

const ctx = useTestContext();
let google: FakeOpenIdProvider;
let shop: Awaited<ReturnType<TestContext['givenProject']>>;

beforeAll(async () => {
  google = await startFakeOpenIdProvider({ clock: ctx.clock });
  const sealing = {
    keyEncryptionSecret: 'test-key-encryption-secret',
    random: cryptoRandom,
    clock: ctx.clock,
  };
  await saveOAuthConfig(ctx.db, sealing, ctx.dev.project.id, google.config('google'));
  shop = await ctx.givenProject({ allowedOrigins: ['https://shop.example'] });
});
afterAll(async () => google?.close());

/** The payload of a successful answer; fails the test on an error answer. */
function payloadOf(reply: OfficialReply): Record<string, unknown> {
  if (!reply.success) throw new Error(`the frame answered an error: ${JSON.stringify(reply.error)}`);
  return reply.payload;
}

describe('parsedPhoneNumber {phoneNumber, regionCode?} → {isValid, number, national}', () => {
  it.each([
    {
      does: 'parses a national number in the chosen country',
      request: { phoneNumber: '2015550123', regionCode: 'US' },
      payload: { isValid: true, number: '+12015550123', national: '(201) 555-0123' },
    },
    {
      does: 'formats an E.164 number without a country (the passcode screen names the number so)',
      request: { phoneNumber: '+447911123456' },
      payload: { isValid: true, number: '+447911123456', national: '07911 123456' },
    },
    {
      does: 'answers an invalid number as not valid, so the widget says so instead of sending',
      request: { phoneNumber: '9005550123', regionCode: 'US' },
      payload: { isValid: false, number: '+19005550123', national: '(900) 555-0123' },
    },
  ])('$does, through the provider with the page origin', async ({ request, payload }) => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const reply = await frame.callOfficial(DEMO_ORIGIN, 'parsedPhoneNumber', request);
    expect(reply).toEqual({ success: true, payload });
    expect(frame.requests).toEqual([
      parseRequest(ctx.dev.public_token, DEMO_ORIGIN, request.phoneNumber, request.regionCode),
    ]);
  });

  it.each([['1-800-FLOWERS'], ['4'], ['']])(
    'gives %j back as typed, since the widget writes `national` into the field',
    async (typed) => {
      const frame = startFrame(ctx.app, ctx.dev.public_token);
      const reply = await frame.callOfficial(DEMO_ORIGIN, 'parsedPhoneNumber', {
        phoneNumber: typed,
        regionCode: 'US',
      });
      expect(reply).toEqual({ success: true, payload: { isValid: false, number: typed, national: typed } });
    },
  );

  it('passes the provider’s refusal of a foreign page on, marshalled as the SDK rebuilds a StytchAPIError', async () => {
    const frame = startFrame(ctx.app, shop.public_token);
    const reply = await frame.callOfficial('https://evil.example', 'parsedPhoneNumber', {
      phoneNumber: '+12015550123',
    });
    expect(reply).toEqual({
      success: false,
      error: {
        name: 'StytchAPIError',
        message: '[403] invalid_origin\nThis origin is not allowed for the project.',
        status_code: 403,
        error_type: 'invalid_origin',
        error_message: 'This origin is not allowed for the project.',
        error_url: 'docs/provider-api.md#invalid_origin',
        request_id: expect.any(String),
      },
    });
    expect(frame.requests.map((r) => (r.body as { parent_origin: string }).parent_origin)).toEqual([
      'https://evil.example',
    ]);
  });
});

describe('getExamplePhoneNumber {regionCode} → {phoneNumber}', () => {
  it.each([
    ['US', '(201) 555-0123'],
    ['GB', '07400 123456'],
    ['ZZ', null],
  ])('answers the example mobile number of %s as written at home', async (regionCode, phoneNumber) => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    expect(await frame.callOfficial(DEMO_ORIGIN, 'getExamplePhoneNumber', { regionCode })).toEqual({
      success: true,
      payload: { phoneNumber },
    });
  });
});

describe('One Tap {publicToken, idToken, oauthCallbackID, …}', () => {
  it('starts and submits with the official names, and answers the redirect', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const started = await frame.callOfficial(DEMO_ORIGIN, 'oneTapStart', {
      publicToken: ctx.dev.public_token,
    });
    expect(started).toEqual({
      success: true,
      payload: { googleClientId: google.clientId, oauthCallbackId: expect.any(String) },
    });
    const oauthCallbackId = String(payloadOf(started).oauthCallbackId);
    const submitted = await frame.callOfficial(DEMO_ORIGIN, 'oneTapSubmit', {
      publicToken: ctx.dev.public_token,
      idToken: await google.mintIdToken({
        sub: 'official-one-tap',
        email: 'official-tap@example.com',
        email_verified: true,
        nonce: oauthCallbackId,
      }),
      oauthCallbackID: oauthCallbackId,
      loginRedirectURL: DEMO_REDIRECT,
    });
    expect(String(payloadOf(submitted).redirect_url)).toMatch(
      /^http:\/\/localhost:4100\/authenticate\?stytch_token_type=oauth&token=/,
    );
  });

  it('passes oauth_config_not_found on with an error_url, so the SDK can read its error_type', async () => {
    const frame = startFrame(ctx.app, shop.public_token);
    const reply = await frame.callOfficial('https://shop.example', 'oneTapStart', {
      publicToken: shop.public_token,
    });
    expect(reply).toMatchObject({
      success: false,
      error: { name: 'StytchAPIError', status_code: 404, error_type: 'oauth_config_not_found' },
    });
    expect(reply.success ? undefined : typeof reply.error.error_url).toBe('string');
  });

  it('refuses another project’s token without calling the provider', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const reply = await frame.callOfficial(DEMO_ORIGIN, 'oneTapStart', { publicToken: shop.public_token });
    expect(reply).toMatchObject({
      success: false,
      error: { name: 'StytchAPIError', status_code: 401, error_type: 'invalid_public_token' },
    });
    expect(frame.requests).toEqual([]);
  });
});

describe('who is answered', () => {
  it('answers an unknown method with invalid_request on the port', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    expect(await frame.callOfficial(DEMO_ORIGIN, 'toString', {})).toMatchObject({
      success: false,
      error: { name: 'StytchAPIError', status_code: 400, error_type: 'invalid_request' },
    });
    expect(frame.requests).toEqual([]);
  });

  it('ignores official calls that do not come from its parent, from an opaque origin, or without a port', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const answers: unknown[] = [];
    const port = { postMessage: (data: unknown) => answers.push(data) };
    const data = { method: 'parsedPhoneNumber', args: [{ phoneNumber: '+12015550123' }] };
    frame.deliver({ source: {}, origin: DEMO_ORIGIN, data, ports: [port] });
    frame.deliver({ source: frame.parent, origin: 'null', data, ports: [port] });
    frame.deliver({ source: frame.parent, origin: DEMO_ORIGIN, data });
    frame.deliver({ source: frame.parent, origin: DEMO_ORIGIN, data, ports: [port, port] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toEqual([]);
    expect(frame.requests).toEqual([]);
    // Nothing was posted to the parent window either, beyond the ready signal.
    expect(frame.posted).toHaveLength(1);
  });

  it('keeps answering Latchkey’s own format unchanged', async () => {
    const frame = startFrame(ctx.app, ctx.dev.public_token);
    const reply = await frame.call(DEMO_ORIGIN, 'parsePhoneNumber', { number: '2015550123', country: 'US' });
    expect(reply.result).toEqual({
      isValid: true,
      e164: '+12015550123',
      national: '(201) 555-0123',
      country: 'US',
      callingCode: '1',
    });
  });
});

describe('POST /v1/public/phone_numbers/example', () => {
  const example = (body: Record<string, unknown>) =>
    postServerApi(ctx, '/v1/public/phone_numbers/example', undefined, body);

  it('answers the example flat, like the other /v1/ answers', async () => {
    const response = await example({
      public_token: ctx.dev.public_token,
      parent_origin: DEMO_ORIGIN,
      country: 'us',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      phone_number: '(201) 555-0123',
    });
  });

  it.each([
    [{ parent_origin: 'https://evil.example', country: 'US' }, 403, 'invalid_origin'],
    [{ public_token: 'public-token-test-nope', country: 'US' }, 401, 'invalid_public_token'],
    [{ country: 'USA' }, 400, 'invalid_request'],
  ])('refuses %j', async (change, status, errorType) => {
    const response = await example({
      public_token: ctx.dev.public_token,
      parent_origin: DEMO_ORIGIN,
      ...change,
    });
    expect(statusAndErrorType(response)).toEqual([status, errorType]);
  });
});

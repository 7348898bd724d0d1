import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LatchkeyApiError,
  LatchkeyCaptchaRequiredError,
  LatchkeyError,
  LatchkeyNetworkError,
  LatchkeySchemaError,
  LatchkeyTimeoutError,
} from '../errors.js';
import type { Clock } from '../options.js';
import { createFakeFetch, PUBLIC_TOKEN } from '../testing/fakes.js';
import { createHttpClient } from './http.js';

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as number),
};

function setup(
  sessionToken: string | null = null,
  timeoutMs = 30_000,
  intermediateToken: string | null = null,
) {
  const fake = createFakeFetch();
  const http = createHttpClient({
    apiBase: 'http://provider.test/sdk/v1',
    publicToken: PUBLIC_TOKEN,
    fetch: fake.fetch,
    clock: systemClock,
    timeoutMs,
    sessionToken: () => sessionToken,
    intermediateSessionToken: () => intermediateToken,
    telemetryHeader: () => 'eyJ0ZWxlbWV0cnkiOnRydWV9',
    parentHost: () => 'http://localhost:4100',
  });
  return { http, fake };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends Basic public-token:public-token when signed out, plus the SDK headers', async () => {
    const { http, fake } = setup();
    fake.on('POST /magic_links/email/login_or_create', { json: { data: { status_code: 200 } } });
    await http.request({
      method: 'POST',
      path: '/magic_links/email/login_or_create',
      body: { email: 'a@b.co' },
    });
    const [request] = fake.requests;
    expect(request!.url).toBe('http://provider.test/sdk/v1/magic_links/email/login_or_create');
    expect(request!.headers).toEqual({
      Authorization: `Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`,
      'Content-Type': 'application/json',
      'X-SDK-Client': 'eyJ0ZWxlbWV0cnkiOnRydWV9',
      'X-SDK-Parent-Host': 'http://localhost:4100',
    });
  });

  it('uses the session token as the Basic-auth password when one exists', async () => {
    const { http, fake } = setup('opaque-session-token');
    fake.on('GET /users/me', { json: { data: {} } });
    await http.request({ method: 'GET', path: '/users/me' });
    expect(atob(fake.requests[0]!.headers.Authorization!.slice(6))).toBe(
      `${PUBLIC_TOKEN}:opaque-session-token`,
    );
  });

  it('sends the intermediate token when there is no session token, and the session token over it', async () => {
    const pending = setup(null, 30_000, 'ist-pending');
    pending.fake.on('POST /totps/authenticate', { json: { data: {} } });
    await pending.http.request({ method: 'POST', path: '/totps/authenticate', body: {} });
    expect(atob(pending.fake.requests[0]!.headers.Authorization!.slice(6))).toBe(
      `${PUBLIC_TOKEN}:ist-pending`,
    );

    const both = setup('opaque-session-token', 30_000, 'ist-stale');
    both.fake.on('GET /users/me', { json: { data: {} } });
    await both.http.request({ method: 'GET', path: '/users/me' });
    expect(atob(both.fake.requests[0]!.headers.Authorization!.slice(6))).toBe(
      `${PUBLIC_TOKEN}:opaque-session-token`,
    );
  });

  it('drops undefined keys from bodies and sends no body when none is given', async () => {
    const { http, fake } = setup();
    fake.on('POST /x', { json: { data: {} } });
    fake.on('POST /sessions/revoke', { json: { data: {} } });
    await http.request({ method: 'POST', path: '/x', body: { a: 1, b: undefined, c: 'z' } });
    await http.request({ method: 'POST', path: '/sessions/revoke' });
    expect(fake.requests[0]!.body).toBe('{"a":1,"c":"z"}');
    expect(fake.requests[1]!.body).toBeUndefined();
    expect(fake.requests[1]!.headers['Content-Type']).toBe('application/json');
  });
});

describe('envelope', () => {
  it('resolves a 2xx to body.data', async () => {
    const { http, fake } = setup();
    fake.on('GET /users/me', { json: { data: { user_id: 'user-1' }, ignored: true } });
    await expect(http.request({ method: 'GET', path: '/users/me' })).resolves.toEqual({ user_id: 'user-1' });
  });

  it('maps a 2xx that is not JSON to a network error', async () => {
    const { http, fake } = setup();
    fake.on('GET /users/me', { status: 200, text: '<html>oops</html>' });
    const error = await rejection(http.request({ method: 'GET', path: '/users/me' }));
    expect(error).toBeInstanceOf(LatchkeyNetworkError);
    expect((error as LatchkeyError).code).toBe('network_unreachable');
    expect(error.message).toMatch(/invalid JSON/i);
  });

  it('maps a JSON error body to LatchkeyApiError with the wire fields', async () => {
    const { http, fake } = setup();
    const body = {
      status_code: 401,
      request_id: 'request-id-test-9',
      error_type: 'unauthorized_credentials',
      error_message: 'Wrong email or password.',
      error_url: 'https://latchkey.dev/errors#unauthorized_credentials',
    };
    fake.on('POST /passwords/authenticate', { status: 401, json: body });
    const error = await rejection(
      http.request({ method: 'POST', path: '/passwords/authenticate', body: {} }),
    );
    expect(error).toBeInstanceOf(LatchkeyApiError);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({
      name: 'LatchkeyApiError',
      code: 'unauthorized_credentials',
      status: 401,
      requestId: 'request-id-test-9',
      errorUrl: 'https://latchkey.dev/errors#unauthorized_credentials',
      message: 'Wrong email or password.',
    });
    expect(error.cause).toEqual(body);
  });

  it('maps an error body with a body/params/query key to LatchkeySchemaError', async () => {
    const { http, fake } = setup();
    fake.on('POST /x', { status: 400, json: { body: [{ dataPath: '.email', message: 'must be string' }] } });
    fake.on('POST /q', { status: 400, json: { query: [] } });
    const error = await rejection(http.request({ method: 'POST', path: '/x', body: {} }));
    expect(error).toBeInstanceOf(LatchkeySchemaError);
    expect((error as LatchkeySchemaError).code).toBe('schema_mismatch');
    expect((error as LatchkeySchemaError).items).toEqual([{ dataPath: '.email', message: 'must be string' }]);
    expect(error.message).toContain('.email: must be string');
    expect(await rejection(http.request({ method: 'POST', path: '/q', body: {} }))).toBeInstanceOf(
      LatchkeySchemaError,
    );
  });

  it('maps non-JSON error text containing "Captcha required" to LatchkeyCaptchaRequiredError', async () => {
    const { http, fake } = setup();
    fake.on('POST /x', { status: 429, text: 'Captcha required for this request' });
    const error = await rejection(http.request({ method: 'POST', path: '/x', body: {} }));
    expect(error).toBeInstanceOf(LatchkeyCaptchaRequiredError);
    expect((error as LatchkeyError).code).toBe('captcha_required');
  });

  it('maps other non-JSON error text to a network error', async () => {
    const { http, fake } = setup();
    fake.on('POST /x', { status: 502, text: 'Bad gateway' });
    const error = await rejection(http.request({ method: 'POST', path: '/x', body: {} }));
    expect(error).toBeInstanceOf(LatchkeyNetworkError);
    expect(error).not.toBeInstanceOf(LatchkeyCaptchaRequiredError);
    expect(error.cause).toBe('Bad gateway');
  });

  it('maps a rejected fetch to LatchkeyNetworkError network_unreachable, keeping the cause', async () => {
    const { http, fake } = setup();
    const failure = new TypeError('Failed to fetch');
    fake.on('POST /x', failure);
    const error = await rejection(http.request({ method: 'POST', path: '/x', body: {} }));
    expect(error).toBeInstanceOf(LatchkeyNetworkError);
    expect(error).not.toBeInstanceOf(LatchkeyTimeoutError);
    expect((error as LatchkeyError).code).toBe('network_unreachable');
    expect(error.cause).toBe(failure);
  });

  it('aborts after timeoutMs and raises LatchkeyTimeoutError', async () => {
    vi.useFakeTimers();
    const { http, fake } = setup(null, 5000);
    fake.on(
      'POST /slow',
      (request) =>
        new Promise((_resolve, reject) => {
          request.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejection(http.request({ method: 'POST', path: '/slow', body: {} }));
    await vi.advanceTimersByTimeAsync(4999);
    expect(fake.requests[0]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(LatchkeyTimeoutError);
    expect(error).toBeInstanceOf(LatchkeyNetworkError);
    expect(error).toMatchObject({ code: 'timeout', timeoutMs: 5000 });
    expect((error.cause as DOMException).name).toBe('AbortError');
  });
});

describe('events', () => {
  it('posts the batch with only Content-Type and swallows failures', async () => {
    const { http, fake } = setup('secret-session');
    fake.on('POST /events', new TypeError('offline'));
    await expect(http.sendEvents([{ a: 1 }])).resolves.toBeUndefined();
    expect(fake.requests[0]!.url).toBe('http://provider.test/sdk/v1/events');
    expect(fake.requests[0]!.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(fake.requests[0]!.json).toEqual([{ a: 1 }]);
  });
});

import { afterEach, describe, expect, vi } from 'vitest';
import { createLatchkeyClient } from './create-client.js';
import { createMemoryStorage } from './internal/memory-storage.js';
import { it } from './testing/client-test.js';
import { createFakeFetch, createTestClient, ok, PUBLIC_TOKEN, seedSignedIn } from './testing/fakes.js';
import { ANONYMOUS_BLOB_KEYS, SIGNED_IN_BLOB_KEYS } from './testing/telemetry-blob-keys.js';
import { authResponse, makeSession, makeUser } from './testing/wire-objects.js';

const STATE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}`;

afterEach(() => {
  vi.useRealTimers();
});

function decodeTelemetry(header: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(header), (c) => c.charCodeAt(0))));
}

describe('construction', () => {
  it('clears cached state when there is no session cookie', () => {
    const { client, storage } = createTestClient({
      prepare(setup) {
        setup.storage.setItem(STATE_KEY, JSON.stringify({ session: makeSession(), user: makeUser() }));
      },
    });
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
    expect(storage.getItem(STATE_KEY)).toBe('null');
  });

  it('loads cached state when the session cookie exists', () => {
    const { client } = createTestClient({ prepare: (setup) => seedSignedIn(setup) });
    expect(client.session.getSync()).toEqual(makeSession());
    expect(client.user.getSync()).toEqual(makeUser());
    expect(client.session.getTokens()).toEqual({
      session_token: 'session-token-0',
      session_jwt: 'jwt-for-session-token-0',
    });
  });

  it('warns when several clients live in one page, and same-token clients share state', async () => {
    const first = createTestClient();
    expect(first.logger.warn).not.toHaveBeenCalled();
    const second = createTestClient({ cookies: first.cookies, storage: first.storage });
    expect(second.logger.warn).toHaveBeenCalledWith(expect.stringMatching(/more than one client/));
    first.fetch.on('POST /magic_links/authenticate', ok(authResponse()));
    await first.client.magicLinks.authenticate('tok', { sessionDurationMinutes: 5 });
    expect(second.client.session.getSync()).toEqual(makeSession());
  });

  it('does not warn again once the earlier client is destroyed', () => {
    const first = createTestClient();
    first.client.destroy();
    const second = createTestClient();
    expect(second.logger.warn).not.toHaveBeenCalled();
  });

  it('warns about a public token without the public-token- prefix', () => {
    const { logger } = createTestClient({ publicToken: 'pk_live_123' });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/does not start with "public-token-"/));
  });

  it('rejects a missing public token and a live token without a base URL', () => {
    expect(() => createLatchkeyClient({ publicToken: 5 as unknown as string })).toThrow(
      'publicToken must be a non-empty string',
    );
    expect(() =>
      createLatchkeyClient({ publicToken: 'public-token-live-1', storage: createMemoryStorage() }),
    ).toThrow(/baseUrl/);
  });

  it('chooses testAPIURL or liveAPIURL by the token, and baseUrl wins', () => {
    const endpoints = { testAPIURL: 'http://test.local', liveAPIURL: 'https://live.local/' };
    const urls = ['public-token-test-1', 'public-token-live-1'].map((publicToken) => {
      const fake = createFakeFetch();
      const client = createLatchkeyClient({
        publicToken,
        endpoints,
        fetch: fake.fetch,
        storage: createMemoryStorage(),
        logger: { warn: () => {}, error: () => {} },
      });
      client.destroy();
      return fake.requests[0]!.url;
    });
    expect(urls).toEqual([
      'http://test.local/sdk/v1/projects/bootstrap/public-token-test-1',
      'https://live.local/sdk/v1/projects/bootstrap/public-token-live-1',
    ]);
    const { fetch } = createTestClient({ endpoints });
    expect(fetch.requests[0]!.url.startsWith('http://provider.test/sdk/v1/')).toBe(true);
  });
});

describe('the first calls on a page that is still loading', () => {
  /** Each request's path under /sdk/v1, in order. */
  const sdkPaths = (requests: { url: string }[]) =>
    requests.map((request) => new URL(request.url).pathname.replace(/^\/sdk\/v1/, ''));
  /** document.readyState as `state`, and animation frames that run when `frame()` is called. */
  function loadingPage(state: 'loading' | 'interactive') {
    const frameCallbacks: FrameRequestCallback[] = [];
    vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frameCallbacks.push(callback));
    return {
      frame: () => {
        for (const callback of frameCallbacks.splice(0)) callback(performance.now());
      },
    };
  }
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('wait for the first paint: then the bootstrap, then the refresh of the stored session', () => {
    vi.useFakeTimers();
    const page = loadingPage('interactive');
    const { client, fetch } = createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on('POST /sessions/authenticate', ok(authResponse()));
      },
    });
    // The stored session is there at once; only the calls wait.
    expect(client.session.getSync()).toEqual(makeSession());
    expect(fetch.requests).toEqual([]);
    page.frame();
    expect(fetch.requests).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(sdkPaths(fetch.requests)).toEqual([
      `/projects/bootstrap/${PUBLIC_TOKEN}`,
      '/sessions/authenticate',
    ]);
    client.destroy();
  });

  it('refresh no session that ended before the paint', () => {
    vi.useFakeTimers();
    const page = loadingPage('interactive');
    const { client, fetch, cookies } = createTestClient({ prepare: (setup) => seedSignedIn(setup) });
    cookies.set('stytch_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    cookies.set('stytch_session_jwt=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    page.frame();
    vi.advanceTimersByTime(0);
    expect(sdkPaths(fetch.requests)).toEqual([`/projects/bootstrap/${PUBLIC_TOKEN}`]);
    client.destroy();
  });

  it('start when no frame comes (a hidden tab), 100 ms after construction', () => {
    vi.useFakeTimers();
    loadingPage('loading');
    const { client, fetch } = createTestClient();
    vi.advanceTimersByTime(99);
    expect(fetch.requests).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fetch.requests).toHaveLength(1);
    client.destroy();
  });

  it('start at once when something needs the bootstrap first, and only once', async () => {
    vi.useFakeTimers();
    const page = loadingPage('interactive');
    const { client, fetch } = createTestClient();
    const config = client.bootstrap.getAsync();
    expect(fetch.requests).toHaveLength(1);
    page.frame();
    vi.advanceTimersByTime(100);
    expect(fetch.requests).toHaveLength(1);
    await config;
    client.destroy();
  });

  it('are never made by a client destroyed before the paint', () => {
    vi.useFakeTimers();
    const page = loadingPage('interactive');
    const { client, fetch } = createTestClient({ prepare: (setup) => seedSignedIn(setup) });
    client.destroy();
    page.frame();
    vi.advanceTimersByTime(100);
    // Only the telemetry the destroy flushed.
    expect(sdkPaths(fetch.requests)).toEqual(['/events']);
  });
});

describe('request headers', () => {
  it('carry the parent host and an X-SDK-Client blob with ordered keys and fresh ids', async () => {
    const { fetch } = createTestClient({
      random: (array) => crypto.getRandomValues(array),
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on('POST /sessions/authenticate', ok(authResponse()));
      },
    });
    const [bootstrap, refresh] = fetch.requests;
    expect(refresh!.headers['X-SDK-Parent-Host']).toBe('http://localhost:4100');
    const blob = decodeTelemetry(refresh!.headers['X-SDK-Client']!);
    expect(Object.keys(blob)).toEqual(SIGNED_IN_BLOB_KEYS);
    expect(blob).toMatchObject({
      stytch_user_id: 'user-test-1',
      stytch_session_id: 'session-test-aaaa',
      app: { identifier: 'localhost' },
      sdk: { identifier: 'Stytch.js Javascript SDK', version: '5.1.2' },
    });
    expect(blob.event_id).toMatch(
      /^event-id-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(blob.app_session_id).toMatch(/^app-session-id-[0-9a-f-]{36}$/);
    expect(blob.persistent_id).toMatch(/^persistent-id-[0-9a-f-]{36}$/);
    expect(new Date(blob.client_sent_at as string).toISOString()).toBe(blob.client_sent_at);
    expect(typeof blob.timezone).toBe('string');
    const other = decodeTelemetry(bootstrap!.headers['X-SDK-Client']!);
    expect(other.event_id).not.toBe(blob.event_id);
    expect(other.persistent_id).not.toBe(blob.persistent_id);
  });

  it('omit the user and session ids when signed out', () => {
    const { fetch } = createTestClient();
    const blob = decodeTelemetry(fetch.requests[0]!.headers['X-SDK-Client']!);
    expect(Object.keys(blob)).toEqual(ANONYMOUS_BLOB_KEYS);
  });
});

describe('telemetry', () => {
  it('logs sdk_instance_instantiated in the first batch, 800 ms after construction', async () => {
    vi.useFakeTimers();
    const { fetch } = createTestClient();
    await vi.advanceTimersByTimeAsync(799);
    expect(fetch.calls('POST /events')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const [batch] = fetch.calls('POST /events');
    expect(batch!.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(batch!.json).toEqual([
      {
        telemetry: expect.objectContaining({
          sdk: { identifier: 'Stytch.js Javascript SDK', version: '5.1.2' },
        }),
        event: {
          public_token: PUBLIC_TOKEN,
          event_name: 'sdk_instance_instantiated',
          details: {
            event_callback_registered: false,
            error_callback_registered: false,
            success_callback_registered: false,
          },
        },
      },
    ]);
  });

  it('sends queued events when the client is destroyed', () => {
    const { fetch, client } = createTestClient();
    client.telemetry.logEvent({ name: 'render_login_screen', details: { options: {} } });
    client.destroy();
    const names = (fetch.calls('POST /events')[0]!.json as { event: { event_name: string } }[]).map(
      (item) => item.event.event_name,
    );
    expect(names).toEqual(['sdk_instance_instantiated', 'render_login_screen']);
  });
});

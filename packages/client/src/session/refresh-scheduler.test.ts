import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { LATCHKEY_EVENTS } from '../events.js';
import { it } from '../testing/client-test.js';
import {
  apiError,
  createTestClient,
  deferred,
  type FakeAnswer,
  ok,
  PUBLIC_TOKEN,
  seedSignedIn,
  type TestClientSetup,
  u32Random,
} from '../testing/fakes.js';
import { authResponse, makeSession } from '../testing/wire-objects.js';

const REFRESH = 'POST /sessions/authenticate';
const STATE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}`;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The next refresh comes 3 min on exactly: none at 179 999 ms, the `done + 1`-th at 180 000. */
async function expectNextRefreshIn3Minutes(fetch: TestClientSetup['fetch'], done: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(179_999);
  expect(fetch.calls(REFRESH)).toHaveLength(done);
  await vi.advanceTimersByTimeAsync(1);
  expect(fetch.calls(REFRESH)).toHaveLength(done + 1);
}
describe('background refresh', () => {
  it('runs at start-up when the session cookie exists, then every 180 000 ms', async () => {
    const { fetch } = createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on(REFRESH, ok(authResponse(makeSession(), undefined, 'session-token-0')));
      },
    });
    expect(fetch.calls(REFRESH)).toHaveLength(1);
    expect(fetch.calls(REFRESH)[0]!.body).toBe('{}');
    await expectNextRefreshIn3Minutes(fetch, 1);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetch.calls(REFRESH)).toHaveLength(3);
  });

  it('does not run without a session cookie, and starts 3 min after a sign-in', async () => {
    const { fetch, client } = createTestClient();
    fetch.on('POST /magic_links/authenticate', ok(authResponse()));
    fetch.on(REFRESH, ok(authResponse()));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetch.calls(REFRESH)).toHaveLength(0);
    await client.magicLinks.authenticate('token', { sessionDurationMinutes: 60 });
    await expectNextRefreshIn3Minutes(fetch, 0);
  });

  it.each([
    ['lowest jitter', 0, -175],
    ['highest jitter', 349, 174],
  ])('retries failures after 2000 × 2^min(n,7) ms plus jitter (%s)', async (_label, word, jitter) => {
    const { fetch } = createTestClient({
      random: u32Random(word),
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on(REFRESH, apiError(500, 'internal_server_error'));
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls(REFRESH)).toHaveLength(1);
    const expected = [4000, 8000, 16000, 32000, 64000, 128000, 256000, 256000, 256000];
    for (const [index, base] of expected.entries()) {
      await vi.advanceTimersByTimeAsync(base + jitter - 1);
      expect(fetch.calls(REFRESH)).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch.calls(REFRESH)).toHaveLength(index + 2);
    }
  });

  it('retries network failures too, and returns to the 3-minute cadence after a success', async () => {
    let fail = true;
    const { fetch } = createTestClient({
      random: u32Random(175), // zero jitter
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on(REFRESH, () => (fail ? new TypeError('offline') : ok(authResponse())));
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetch.calls(REFRESH)).toHaveLength(2);
    await expectNextRefreshIn3Minutes(fetch, 2);
  });

  it.each([
    'unauthorized_credentials',
    'user_unauthenticated',
    'invalid_secret_authentication',
    'session_not_found',
  ])('%s ends the session, signals logout and stops retrying', async (errorType) => {
    const { fetch, client, cookies, storage } = createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on(REFRESH, apiError(404, errorType));
      },
    });
    const sessions: unknown[] = [];
    const expired = vi.fn();
    client.session.onChange((session) => sessions.push(session));
    client.on(LATCHKEY_EVENTS.sessionExpired, expired);
    expect(client.session.getSync()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
    expect(cookies.get()).toBe('');
    expect(storage.getItem(STATE_KEY)).toBe('null');
    expect(sessions).toEqual([null]);
    expect(expired).toHaveBeenCalledWith({ previousSession: makeSession() });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetch.calls(REFRESH)).toHaveLength(1);
  });

  it('repeats the call when the session id changed while it was in flight', async () => {
    const first = deferred<FakeAnswer>();
    const sessionB = makeSession({ session_id: 'session-test-bbbb' });
    const { fetch, client } = createTestClient({
      prepare(setup) {
        seedSignedIn(setup, makeSession(), undefined, 'token-A');
        let calls = 0;
        setup.fetch.on(REFRESH, () =>
          ++calls === 1 ? first.promise : ok(authResponse(sessionB, undefined, 'token-B')),
        );
        setup.fetch.on('POST /magic_links/authenticate', ok(authResponse(sessionB, undefined, 'token-B')));
      },
    });
    expect(fetch.calls(REFRESH)).toHaveLength(1);
    await client.magicLinks.authenticate('magic-token', { sessionDurationMinutes: 30 });
    expect(client.session.getSync()?.session_id).toBe('session-test-bbbb');
    const changes = vi.fn();
    client.session.onChange(changes);
    // The stale answer about session A arrives after the sign-in to B.
    first.resolve(ok(authResponse(makeSession(), undefined, 'token-A')));
    await vi.advanceTimersByTimeAsync(0);
    const calls = fetch.calls(REFRESH);
    expect(calls).toHaveLength(2);
    expect(atob(calls[1]!.headers.Authorization!.slice(6))).toBe(`${PUBLIC_TOKEN}:token-B`);
    expect(client.session.getSync()?.session_id).toBe('session-test-bbbb');
    expect(client.session.getTokens()?.session_token).toBe('token-B');
    expect(changes).not.toHaveBeenCalled();
  });

  it('does not fire change callbacks when only last_accessed_at changed', async () => {
    const { fetch, client } = createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on(
          REFRESH,
          ok(
            authResponse(
              makeSession({ last_accessed_at: '2030-01-01T00:03:00.000Z' }),
              undefined,
              'session-token-0',
            ),
          ),
        );
      },
    });
    const sessionChanges = vi.fn();
    const userChanges = vi.fn();
    client.session.onChange(sessionChanges);
    client.user.onChange(userChanges);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetch.calls(REFRESH)).toHaveLength(2);
    expect(client.session.getSync()?.last_accessed_at).toBe('2030-01-01T00:03:00.000Z');
    expect(sessionChanges).not.toHaveBeenCalled();
    expect(userChanges).not.toHaveBeenCalled();
  });

  it('stops when the client is destroyed', async () => {
    const { fetch, client } = createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        setup.fetch.on(REFRESH, ok(authResponse()));
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    client.destroy();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetch.calls(REFRESH)).toHaveLength(1);
  });
});

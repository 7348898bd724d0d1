import { describe, expect, vi } from 'vitest';
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
} from '../testing/fakes.js';
import { authResponse, makeSession } from '../testing/wire-objects.js';

const STATE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}`;

function signedIn() {
  return createTestClient({
    prepare(setup) {
      seedSignedIn(setup);
      setup.fetch.on(
        'POST /sessions/authenticate',
        ok(authResponse(makeSession(), undefined, 'session-token-0')),
      );
    },
  });
}

describe('session.authenticate', () => {
  it('sends session_duration_minutes when given and stores the answer', async () => {
    const { client, fetch } = signedIn();
    const extended = makeSession({ expires_at: '2030-01-02T00:00:00.000Z' });
    fetch.on('POST /sessions/authenticate', ok(authResponse(extended, undefined, 'session-token-0')));
    const result = await client.session.authenticate({ sessionDurationMinutes: 1440 });
    expect(fetch.calls('POST /sessions/authenticate').at(-1)!.json).toEqual({
      session_duration_minutes: 1440,
    });
    expect(result.session).toEqual(extended);
    expect(client.session.getSync()).toEqual(extended);
  });

  it('checks sessionDurationMinutes', async () => {
    const { client } = signedIn();
    await expect(
      client.session.authenticate({ sessionDurationMinutes: 'x' as unknown as number }),
    ).rejects.toThrow('sessionDurationMinutes must be a number');
  });
});

describe('session.revoke', () => {
  it('ends the session locally after the provider revoked it', async () => {
    const { client, fetch, cookies, storage } = signedIn();
    fetch.on('POST /sessions/revoke', ok({ request_id: 'r', status_code: 200 }));
    const loggedOut = vi.fn();
    client.on(LATCHKEY_EVENTS.userLoggedOut, loggedOut);
    await client.session.revoke();
    expect(fetch.calls('POST /sessions/revoke')[0]!.body).toBeUndefined();
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
    expect(cookies.get()).toBe('');
    expect(storage.getItem(STATE_KEY)).toBe('null');
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('also ends it locally on an unrecoverable error, then rethrows', async () => {
    const { client, fetch } = signedIn();
    fetch.on('POST /sessions/revoke', apiError(404, 'session_not_found'));
    await expect(client.session.revoke()).rejects.toMatchObject({ code: 'session_not_found', status: 404 });
    expect(client.session.getSync()).toBeNull();
  });

  it.each([
    ['with the stored state', true],
    ['signed in by a server, with cookies and no stored state', false],
  ])('stays signed out when a refresh begun before it answers after it (%s)', async (_, storedState) => {
    const refreshAnswer = deferred<FakeAnswer>();
    const { client, fetch, cookies } = createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        if (!storedState) setup.storage.removeItem(STATE_KEY);
        setup.fetch.on('POST /sessions/authenticate', () => refreshAnswer.promise);
      },
    });
    // The start-up refresh is in flight; the revocation overtakes it.
    expect(fetch.calls('POST /sessions/authenticate')).toHaveLength(1);
    fetch.on('POST /sessions/revoke', ok({}));
    await client.session.revoke();
    refreshAnswer.resolve(ok(authResponse(makeSession(), undefined, 'session-token-0')));
    await vi.waitFor(() => expect(fetch.calls('POST /sessions/authenticate')).toHaveLength(1));
    await new Promise((settle) => setTimeout(settle, 0));
    expect(cookies.get()).toBe('');
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
  });

  it('keeps the session on other errors', async () => {
    const { client, fetch } = signedIn();
    fetch.on('POST /sessions/revoke', new TypeError('offline'));
    await expect(client.session.revoke()).rejects.toMatchObject({ code: 'network_unreachable' });
    expect(client.session.getSync()).toEqual(makeSession());
    expect(client.session.getTokens()).not.toBeNull();
  });
});

describe('session.onChange', () => {
  it('returns an unsubscribe function', async () => {
    const { client, fetch } = signedIn();
    fetch.on('POST /sessions/revoke', ok({}));
    const listener = vi.fn();
    const unsubscribe = client.session.onChange(listener);
    unsubscribe();
    await client.session.revoke();
    expect(listener).not.toHaveBeenCalled();
  });
});

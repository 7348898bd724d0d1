import { describe, expect, vi } from 'vitest';
import { LATCHKEY_EVENTS } from '../events.js';
import { it } from '../testing/client-test.js';
import { createTestClient, PUBLIC_TOKEN, seedSignedIn } from '../testing/fakes.js';
import { makeSession, makeUser } from '../testing/wire-objects.js';

const STATE_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}`;

function storageEvent(key: string, newValue: string | null): StorageEvent {
  return new StorageEvent('storage', { key, newValue });
}

describe('cross-tab sync', () => {
  it('takes over a sign-in from another tab and fires onChange, without a network call', () => {
    const { client, target, fetch } = createTestClient();
    const requestsBefore = fetch.requests.length;
    const sessions = vi.fn();
    const users = vi.fn();
    const created = vi.fn();
    client.session.onChange(sessions);
    client.user.onChange(users);
    client.on(LATCHKEY_EVENTS.sessionCreated, created);
    const session = makeSession({ session_id: 'session-from-tab-1' });
    const user = makeUser();
    target.dispatchEvent(storageEvent(STATE_KEY, JSON.stringify({ session, user })));
    expect(client.session.getSync()).toEqual(session);
    expect(client.user.getSync()).toEqual(user);
    expect(sessions).toHaveBeenCalledWith(session);
    expect(users).toHaveBeenCalledWith(user);
    expect(created).toHaveBeenCalledWith({ session, user });
    expect(fetch.requests).toHaveLength(requestsBefore);
  });

  it('follows a logout in another tab (value "null")', () => {
    const { client, target } = createTestClient({ prepare: (setup) => seedSignedIn(setup) });
    const sessions = vi.fn();
    const loggedOut = vi.fn();
    client.session.onChange(sessions);
    client.on(LATCHKEY_EVENTS.userLoggedOut, loggedOut);
    target.dispatchEvent(storageEvent(STATE_KEY, 'null'));
    expect(client.session.getSync()).toBeNull();
    expect(sessions).toHaveBeenCalledWith(null);
    expect(loggedOut).toHaveBeenCalledWith({ previousSession: makeSession() });
  });

  it('ignores other keys and unparsable values', () => {
    const { client, target } = createTestClient({ prepare: (setup) => seedSignedIn(setup) });
    const sessions = vi.fn();
    client.session.onChange(sessions);
    target.dispatchEvent(storageEvent(`${STATE_KEY}::bootstrap`, 'null'));
    target.dispatchEvent(storageEvent('stytch_sdk_state_other-token', 'null'));
    target.dispatchEvent(storageEvent(STATE_KEY, '{not json'));
    expect(client.session.getSync()).toEqual(makeSession());
    expect(sessions).not.toHaveBeenCalled();
  });

  it('stops listening after destroy', () => {
    const { client, target } = createTestClient();
    const sessions = vi.fn();
    client.session.onChange(sessions);
    client.destroy();
    target.dispatchEvent(
      storageEvent(STATE_KEY, JSON.stringify({ session: makeSession(), user: makeUser() })),
    );
    expect(sessions).not.toHaveBeenCalled();
  });
});

/** @module testing/expect-signed-in — the client tests' check that an authenticate call left the client signed in. */

import { expect } from 'vitest';
import type { User } from '../wire-types.js';
import { PUBLIC_TOKEN, type TestClientSetup } from './fakes.js';
import { makeSession } from './wire-objects.js';

/**
 * Asserts the state an `authResponse(makeSession(), user)` answer must leave: user, session and
 * tokens held, the intermediate session cookie gone, and session + user persisted. One helper so
 * every authenticate method is held to the same contract.
 */
export function expectSignedInAs(
  setup: Pick<TestClientSetup, 'client' | 'cookies' | 'storage'>,
  user: User,
): void {
  const { client, cookies, storage } = setup;
  expect(client.user.getSync()).toEqual(user);
  expect(client.session.getSync()).toEqual(makeSession());
  expect(client.session.getTokens()).toEqual({
    session_token: 'session-token-1',
    session_jwt: 'jwt-for-session-token-1',
  });
  expect(cookies.get()).not.toContain('stytch_intermediate_session_token');
  expect(JSON.parse(storage.getItem(`stytch_sdk_state_${PUBLIC_TOKEN}`)!)).toEqual({
    session: makeSession(),
    user,
  });
}

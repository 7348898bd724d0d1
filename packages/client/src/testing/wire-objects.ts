/** @module testing/wire-objects — complete wire objects for the client's tests: a session, a user and a sign-in answer. */
import { makeUser } from '../../../wire/test/fixtures/user.js';
import type { AuthenticateResponse, Session, User } from '../wire-types.js';

/** The user comes from the wire package's fixture, which @latchkey/node's tests share. */
export { makeUser };

/** A live session of `user-test-1`; `overrides` replace fields. */
export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 'session-test-aaaa',
    user_id: 'user-test-1',
    started_at: '2030-01-01T00:00:00.000Z',
    last_accessed_at: '2030-01-01T00:00:00.000Z',
    expires_at: '2030-01-01T01:00:00.000Z',
    attributes: { ip_address: '127.0.0.1', user_agent: 'test' },
    authentication_factors: [],
    custom_claims: null,
    ...overrides,
  };
}

/** An AuthenticateResponse `data` object for `session`/`user`. */
export function authResponse(
  session: Session = makeSession(),
  user: User = makeUser(),
  token = 'session-token-1',
): AuthenticateResponse {
  return {
    request_id: 'request-id-test-1',
    status_code: 200,
    user_id: user.user_id,
    session_token: token,
    session_jwt: `jwt-for-${token}`,
    session,
    user,
    __user: user,
  };
}

/** The user in the `user` field of `withInternalUser` answers: the one the client must store. */
export const STORED_USER: User = makeUser({ user_id: 'user-from-user-field' });

/**
 * A sign-in answer for STORED_USER whose `__user` is another user (`user-test-1`), so a test shows
 * the client stores `user` and strips `__user`; `extra` adds the method's own fields.
 */
export function withInternalUser(extra: object = {}): AuthenticateResponse {
  return { ...authResponse(makeSession(), STORED_USER), __user: makeUser(), ...extra };
}

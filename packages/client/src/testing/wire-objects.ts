/** @module testing/wire-objects — complete wire objects for the client's tests: a session, a user and a sign-in answer. */
import type { AuthenticateResponse, Session, User } from '../wire-types.js';

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

/** The user `user-test-1` (Ada Lovelace, one verified email); `overrides` replace fields. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'user-test-1',
    created_at: '2029-12-01T00:00:00.000Z',
    status: 'active',
    name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
    emails: [{ email_id: 'email-test-1', email: 'ada@example.com', verified: true }],
    phone_numbers: [],
    crypto_wallets: [],
    providers: [],
    password: null,
    totps: [],
    webauthn_registrations: [],
    biometric_registrations: [],
    trusted_metadata: {},
    untrusted_metadata: {},
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

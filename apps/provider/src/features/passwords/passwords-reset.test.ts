/** POST /passwords/existing_password/reset and /passwords/session/reset (SECURITY B9, D7). */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import {
  givenPasswordUser,
  NEW_PASSWORD,
  passwordSnapshot,
  postPasswords,
  STRONG_PASSWORD,
} from '../../../test/password-helpers.js';
import { passwordLogin } from '../../../test/password-lock-helpers.js';
import { browserSessionCheck } from '../../../test/server-api-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { findPassword } from './passwords.repository.js';

const ctx = useTestContext();

const login = (email: string, password: string) => passwordLogin(ctx, email, password);
const sessionStatus = async (token: string) => (await browserSessionCheck(ctx, token)).statusCode;
const sessionReset = (token: string | undefined, body: unknown) =>
  postPasswords(ctx, '/passwords/session/reset', body, { sessionToken: token });

describe('POST /passwords/existing_password/reset', () => {
  const reset = (email: string, existing: string, next: string, ip?: string) =>
    postPasswords(
      ctx,
      '/passwords/existing_password/reset',
      { email, existing_password: existing, new_password: next, session_duration_minutes: 60 },
      { ip },
    );

  it('replaces the password, revokes every earlier session and signs in anew', async () => {
    const created = await givenPasswordUser(ctx, 'change@example.com');
    const response = await reset('change@example.com', STRONG_PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(created.user_id);
    expect(await sessionStatus(created.session_token)).toBe(404);
    expect(await sessionStatus(data.session_token)).toBe(200);
    expect((await login('change@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login('change@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a wrong existing password answers like a failed login, counts, and changes nothing', async () => {
    const created = await givenPasswordUser(ctx, 'nochange@example.com');
    const before = await findPassword(ctx.db, created.user_id);
    const wrong = await reset('nochange@example.com', 'not-the-password-at-all', NEW_PASSWORD);
    const unknown = await reset('nobody-here@example.com', 'not-the-password-at-all', NEW_PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(json(response).error_message).toBe('The email or password is incorrect.');
    }
    for (let i = 0; i < 4; i += 1)
      await reset('nochange@example.com', 'still-wrong-password-x', NEW_PASSWORD);
    expect((await reset('nochange@example.com', STRONG_PASSWORD, NEW_PASSWORD)).statusCode).toBe(429);
    expect(await findPassword(ctx.db, created.user_id)).toEqual(before);
    expect(await sessionStatus(created.session_token)).toBe(200);
  });

  it('refuses a weak new password before checking anything, and bad input', async () => {
    await givenPasswordUser(ctx, 'weaknew@example.com');
    const before = await passwordSnapshot(ctx);
    const weak = await reset('weaknew@example.com', STRONG_PASSWORD, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(json(weak).error_type).toBe('weak_password');
    for (const body of [
      { email: 'weaknew@example.com', existing_password: STRONG_PASSWORD },
      { email: 'weaknew@example.com', existing_password: '', new_password: NEW_PASSWORD },
      { email: 'weaknew@example.com', existing_password: STRONG_PASSWORD, new_password: ['x'] },
    ]) {
      const response = await postPasswords(ctx, '/passwords/existing_password/reset', body);
      expect(response.statusCode).toBe(400);
      expect(json(response).error_type).toBe('invalid_request');
    }
    expect(await passwordSnapshot(ctx)).toEqual(before);
  });
});

describe('POST /passwords/session/reset', () => {
  it('gives a passwordless user a password, keeps this session and ends the others', async () => {
    const first = await givenSignedInUser(ctx, 'ml-user@example.com');
    const second = await givenSignedInUser(ctx, 'ml-user@example.com');
    const response = await sessionReset(second.session_token, { password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.session_token).toBe(second.session_token);
    expect(data.user_id).toBe(second.user_id);
    expect(await sessionStatus(second.session_token)).toBe(200);
    expect(await sessionStatus(first.session_token)).toBe(404);
    const search = json(await postPasswords(ctx, '/users/search', { email: 'ml-user@example.com' }));
    expect(search.data.userType).toBe('password');
    expect((await login('ml-user@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('unlocks an address that was delayed by failed logins', async () => {
    const signedIn = await givenSignedInUser(ctx, 'ml-locked@example.com');
    for (let i = 0; i < 5; i += 1) await login('ml-locked@example.com', 'guess-guess-guess-1');
    expect((await login('ml-locked@example.com', NEW_PASSWORD)).statusCode).toBe(429);
    expect((await sessionReset(signedIn.session_token, { password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login('ml-locked@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a live session; weak or bad passwords change nothing', async () => {
    const signedIn = await givenSignedInUser(ctx, 'ml-weak@example.com');
    const before = await passwordSnapshot(ctx);
    const none = await sessionReset(undefined, { password: NEW_PASSWORD });
    expect(statusAndErrorType(none)).toEqual([401, 'user_unauthenticated']);
    const bogus = await sessionReset('x'.repeat(43), { password: NEW_PASSWORD });
    expect(statusAndErrorType(bogus)).toEqual([404, 'session_not_found']);
    const weak = await sessionReset(signedIn.session_token, { password: 'letmein1' });
    expect(statusAndErrorType(weak)).toEqual([400, 'weak_password']);
    const empty = await sessionReset(signedIn.session_token, { password: '' });
    expect(statusAndErrorType(empty)).toEqual([400, 'invalid_request']);
    expect(await passwordSnapshot(ctx)).toEqual(before);
    expect(await sessionStatus(signedIn.session_token)).toBe(200);
  });
});

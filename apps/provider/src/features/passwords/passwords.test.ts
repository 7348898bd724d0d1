/** Password create, authenticate and /users/search over HTTP (PGlite and TEST_DATABASE_URL). */
import { describe, expect, it } from 'vitest';
import {
  givenPasswordUser,
  passwordSnapshot,
  postPasswords,
  STRONG_PASSWORD,
} from '../../../test/password-helpers.js';
import { drainDeliveries, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { findPassword } from './passwords.repository.js';

const ctx = useTestContext();

describe('POST /passwords', () => {
  it('creates the user with a password and signs in', async () => {
    const response = await postPasswords(ctx, '/passwords', {
      email: 'Ada@Example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 60,
    });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.email_id).toMatch(/^email-test-/);
    expect(data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toEqual(data.__user);
    expect(data.user.emails).toEqual([
      { email_id: data.email_id, email: 'ada@example.com', verified: false },
    ]);
    expect(data.session.authentication_factors).toEqual([
      {
        type: 'password',
        delivery_method: 'knowledge',
        last_authenticated_at: ctx.clock.now().toISOString(),
      },
    ]);
    const stored = await findPassword(ctx.db, data.user_id);
    expect(stored?.hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(stored?.hash).not.toContain(STRONG_PASSWORD);
  });

  it('refuses a weak or common password with an actionable weak_password, creating nothing', async () => {
    const before = await passwordSnapshot(ctx);
    for (const password of ['password1', 'qwerty', 'aaaaaaaaaaaa']) {
      const response = await postPasswords(ctx, '/passwords', { email: 'weak@example.com', password });
      expect(response.statusCode, password).toBe(400);
      expect(json(response).error_type).toBe('weak_password');
      expect(json(response).error_message).toMatch(/Choose a different password|Try a longer passphrase/);
    }
    expect(await passwordSnapshot(ctx)).toEqual(before);
  });

  it('answers an address that already has an account with reset_password and changes nothing', async () => {
    await givenPasswordUser(ctx, 'taken@example.com');
    const before = await passwordSnapshot(ctx);
    const again = await postPasswords(ctx, '/passwords', {
      email: 'TAKEN@example.com',
      password: 'another-long-unusual-phrase-88',
    });
    expect(again.statusCode).toBe(400);
    expect(json(again).error_type).toBe('reset_password');
    expect(await passwordSnapshot(ctx)).toEqual(before);
  });

  it('rejects bad input with 400 and changes nothing', async () => {
    const before = await passwordSnapshot(ctx);
    const bodies: unknown[] = [
      { email: 'x@example.com', password: '' },
      { email: 'x@example.com', password: 'x'.repeat(10_000) },
      { email: 'x@example.com', password: 12345678 },
      { email: ['x@example.com'], password: STRONG_PASSWORD },
      { email: 'x@example.com' },
      { email: 'x@example.com', password: STRONG_PASSWORD, session_duration_minutes: '60' },
    ];
    for (const body of bodies) {
      const response = await postPasswords(ctx, '/passwords', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json(response).error_type).toBe('invalid_request');
    }
    const notAnEmail = await postPasswords(ctx, '/passwords', {
      email: 'not-an-email',
      password: STRONG_PASSWORD,
    });
    expect(statusAndErrorType(notAnEmail)).toEqual([400, 'invalid_email']);
    // 1 025 code points after NFKC pass the schema but not the service: weak_password, no hashing.
    const long = await postPasswords(ctx, '/passwords', {
      email: 'x@example.com',
      password: '🔑'.repeat(1025),
    });
    expect(long.statusCode).toBe(400);
    expect(json(long).error_type).toBe('weak_password');
    expect(json(long).error_message).toContain('at most 1024 characters');
    expect(await passwordSnapshot(ctx)).toEqual(before);
  });
});

describe('POST /passwords/authenticate', () => {
  const login = (email: string, password: string, ip?: string) =>
    postPasswords(ctx, '/passwords/authenticate', { email, password, session_duration_minutes: 30 }, { ip });

  it('signs in with the right password, as a new session each time', async () => {
    const created = await givenPasswordUser(ctx, 'login@example.com');
    const response = await login('LOGIN@example.com', STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(created.user_id);
    expect(data.session_token).not.toBe(created.session_token);
    expect(data.session.authentication_factors[0]).toMatchObject({
      type: 'password',
      delivery_method: 'knowledge',
    });
  });

  it('normalises passwords to NFKC on create and login alike', async () => {
    // Full-width letters and a decomposed é: NFKC makes both forms one password.
    const composed = 'Ｃａｆé-orbit-lantern-ｗｈｉｓｔｌｅ-🦊';
    await givenPasswordUser(ctx, 'unicode@example.com', composed);
    const typedElsewhere = 'Cafe\u0301-orbit-lantern-whistle-🦊';
    expect((await login('unicode@example.com', typedElsewhere)).statusCode).toBe(200);
    expect((await login('unicode@example.com', 'Cafe-orbit-lantern-whistle-🦊')).statusCode).toBe(401);
  });

  it('answers unknown email, wrong password and passwordless account byte-identically (E1)', async () => {
    await givenPasswordUser(ctx, 'known@example.com');
    // An account without a password (created by an email passcode).
    expect(
      (await postPasswords(ctx, '/otps/email/login_or_create', { email: 'nopw@example.com' })).statusCode,
    ).toBe(200);
    const shapes = [];
    for (const [email, password] of [
      ['nobody@example.com', STRONG_PASSWORD],
      ['known@example.com', 'wrong-but-long-password-1'],
      ['nopw@example.com', STRONG_PASSWORD],
    ]) {
      const response = await login(email as string, password as string);
      expect(response.statusCode).toBe(401);
      const body = json(response);
      const { request_id: _id, ...rest } = body;
      const { 'x-request-id': _x, date: _d, ...headers } = response.headers;
      shapes.push({ rest, headers });
    }
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[0]).toEqual(shapes[2]);
    expect(shapes[0]?.rest).toMatchObject({
      status_code: 401,
      error_type: 'unauthorized_credentials',
      error_message: 'The email or password is incorrect.',
    });
  });

  it('asks for a reset when the stored password is flagged requires_reset', async () => {
    const created = await givenPasswordUser(ctx, 'flagged@example.com');
    await ctx.db
      .updateTable('passwords')
      .set({ requires_reset: true })
      .where('user_id', '=', created.user_id)
      .execute();
    const response = await login('flagged@example.com', STRONG_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('reset_password');
    // The wrong password still gets the plain 401: reset_password proves the password was right.
    expect((await login('flagged@example.com', 'wrong-but-long-password-1')).statusCode).toBe(401);
  });
});

describe('POST /users/search', () => {
  it('tells new, password and passwordless addresses apart in camelCase userType', async () => {
    await givenPasswordUser(ctx, 'search-pw@example.com');
    const { data: otp } = json(
      await postPasswords(ctx, '/otps/email/login_or_create', { email: 'search-otp@example.com' }),
    );
    expect(otp.user_id).toBeTruthy();
    // Its account is made by the delivery worker, just after the answer.
    await drainDeliveries(ctx);
    const typeOf = async (email: string) => json(await postPasswords(ctx, '/users/search', { email })).data;
    expect((await typeOf('search-new@example.com')).userType).toBe('new');
    expect((await typeOf('Search-PW@example.com')).userType).toBe('password');
    expect((await typeOf('search-otp@example.com')).userType).toBe('passwordless');
    expect(Object.keys(await typeOf('x@example.com')).sort()).toEqual([
      'request_id',
      'status_code',
      'userType',
    ]);
    expect((await postPasswords(ctx, '/users/search', { email: 42 })).statusCode).toBe(400);
  });
});

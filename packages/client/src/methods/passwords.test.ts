import { describe, expect } from 'vitest';
import { LatchkeyArgumentError } from '../errors.js';
import { it } from '../testing/client-test.js';
import { expectApiError } from '../testing/expect-api-error.js';
import { expectArgumentError } from '../testing/expect-argument-error.js';
import { apiError, createTestClient, ok, PUBLIC_TOKEN } from '../testing/fakes.js';
import {
  authResponse,
  makeSession,
  makeUser,
  STORED_USER,
  withInternalUser,
} from '../testing/wire-objects.js';

const PW_KEY = `stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:passwords`;
const SENT = { request_id: 'r', status_code: 200 };

/** A client whose bootstrap has password-reset PKCE on or off. */
function passwordClient(pkce = false) {
  return createTestClient({
    bootstrap: { pkce_required_for_password_resets: pkce },
    prepare(setup) {
      setup.fetch.on('POST /passwords/email/reset/start', ok(SENT));
    },
  });
}

describe('passwords.create and authenticate', () => {
  it('create posts email, password, duration in order, signs in from `user` and strips __user', async () => {
    const { client, fetch, cookies } = passwordClient();
    fetch.on('POST /passwords', ok(withInternalUser({ email_id: 'e-1' })));
    const result = await client.passwords.create({
      sessionDurationMinutes: 30,
      password: 'correct horse',
      email: 'ada@example.com',
    });
    const [request] = fetch.calls('POST /passwords');
    expect(request!.url).toBe('http://provider.test/sdk/v1/passwords');
    expect(request!.body).toBe(
      '{"email":"ada@example.com","password":"correct horse","session_duration_minutes":30}',
    );
    expect(result.email_id).toBe('e-1');
    expect(result).not.toHaveProperty('__user');
    expect(client.user.getSync()).toEqual(STORED_USER);
    expect(client.session.getSync()).toEqual(makeSession());
    expect(cookies.get()).toContain('stytch_session=session-token-1');
  });

  it('authenticate signs in through /passwords/authenticate', async () => {
    const { client, fetch } = passwordClient();
    fetch.on('POST /passwords/authenticate', ok(authResponse()));
    await client.passwords.authenticate({
      email: 'ada@example.com',
      password: 'pw',
      sessionDurationMinutes: 60,
    });
    expect(fetch.calls('POST /passwords/authenticate')[0]!.json).toEqual({
      email: 'ada@example.com',
      password: 'pw',
      session_duration_minutes: 60,
    });
    expect(fetch.calls('POST /passwords')).toHaveLength(0);
    expect(client.session.getSync()).toEqual(makeSession());
  });

  it('keeps the server message, and uses the spec default when there is none', async () => {
    const { client, fetch } = passwordClient();
    fetch.on(
      'POST /passwords/authenticate',
      apiError(401, 'unauthorized_credentials', 'Wrong email or password.'),
    );
    await expect(
      client.passwords.authenticate({ email: 'a@b.co', password: 'x', sessionDurationMinutes: 5 }),
    ).rejects.toMatchObject({ code: 'unauthorized_credentials', message: 'Wrong email or password.' });
    fetch.on('POST /passwords', { status: 400, json: { status_code: 400, error_type: 'weak_password' } });
    await expectApiError(
      client.passwords.create({ email: 'a@b.co', password: 'x', sessionDurationMinutes: 5 }),
      {
        code: 'weak_password',
        status: 400,
        message: 'Failed to create password.',
      },
    );
    expect(client.session.getSync()).toBeNull();
  });

  it('checks the arguments before any request, naming them', async () => {
    const { client, fetch } = passwordClient();
    const bad = [
      [
        () => client.passwords.create({ email: 1, password: 'p', sessionDurationMinutes: 5 } as never),
        'email',
      ],
      [
        () => client.passwords.authenticate({ email: 'a@b.co', sessionDurationMinutes: 5 } as never),
        'password',
      ],
      [
        () =>
          client.passwords.create({ email: 'a@b.co', password: 'p', sessionDurationMinutes: '5' } as never),
        'sessionDurationMinutes',
      ],
      [() => client.passwords.authenticate(null as never), 'options'],
      [() => client.passwords.strengthCheck({ email: 3, password: 'p' } as never), 'email'],
      [() => client.passwords.strengthCheck({} as never), 'password'],
      [() => client.passwords.resetByEmailStart({} as never), 'email'],
      [
        () =>
          client.passwords.resetByEmailStart({
            email: 'a@b.co',
            resetPasswordExpirationMinutes: '9',
          } as never),
        'resetPasswordExpirationMinutes',
      ],
      [
        () => client.passwords.resetByEmailStart({ email: 'a@b.co', resetPasswordRedirectURL: 1 } as never),
        'resetPasswordRedirectURL',
      ],
      [() => client.passwords.resetByEmail({ password: 'p', sessionDurationMinutes: 5 } as never), 'token'],
      [() => client.passwords.resetByEmailLogin({ sessionDurationMinutes: 5 } as never), 'token'],
      [
        () => client.passwords.resetByEmailLogin({ token: 't', sessionDurationMinutes: '5' } as never),
        'sessionDurationMinutes',
      ],
      [
        () =>
          client.passwords.resetByExistingPassword({
            email: 'a@b.co',
            existingPassword: 'old',
            sessionDurationMinutes: 5,
          } as never),
        'newPassword',
      ],
      [() => client.passwords.resetBySession({} as never), 'password'],
      [
        () => client.passwords.resetBySession({ password: 'p', sessionDurationMinutes: '5' } as never),
        'sessionDurationMinutes',
      ],
    ] as const;
    for (const [call, argument] of bad) {
      await expectArgumentError(call(), { code: 'invalid_argument', argument });
    }
    expect(fetch.requests.filter((r) => r.url.includes('/passwords'))).toHaveLength(0);
  });
});

describe('passwords.strengthCheck', () => {
  it('posts email then password and resolves the raw response', async () => {
    const { client, fetch } = passwordClient();
    const answer = {
      ...SENT,
      valid_password: false,
      score: 1,
      breached_password: false,
      breach_detection_on_create: true,
      strength_policy: 'zxcvbn',
      feedback: { suggestions: ['Add a word'], warning: 'Too short', luds_requirements: {} },
    };
    fetch.on('POST /passwords/strength_check', ok(answer));
    expect(await client.passwords.strengthCheck({ password: 'abc', email: 'ada@example.com' })).toEqual(
      answer,
    );
    expect(await client.passwords.strengthCheck({ password: 'abc' })).toEqual(answer);
    expect(fetch.calls('POST /passwords/strength_check').map((r) => r.body)).toEqual([
      '{"email":"ada@example.com","password":"abc"}',
      '{"password":"abc"}',
    ]);
  });
});

describe('password resets', () => {
  it('reset start sends the fields in wire order, login_redirect_url included, and no challenge when PKCE is off', async () => {
    const { client, fetch, storage } = passwordClient(false);
    const result = await client.passwords.resetByEmailStart({
      resetPasswordTemplateId: 'tpl',
      resetPasswordExpirationMinutes: 15,
      resetPasswordRedirectURL: 'http://localhost:4100/reset',
      loginRedirectURL: 'http://localhost:4100/login',
      email: 'ada@example.com',
    });
    expect(result).toEqual(SENT);
    expect(fetch.calls('POST /passwords/email/reset/start')[0]!.body).toBe(
      '{"email":"ada@example.com","login_redirect_url":"http://localhost:4100/login",' +
        '"reset_password_redirect_url":"http://localhost:4100/reset",' +
        '"reset_password_expiration_minutes":15,"reset_password_template_id":"tpl"}',
    );
    expect(storage.getItem(PW_KEY)).toBeNull();
  });

  it('reset start adds a new stored passwords challenge when PKCE is on', async () => {
    const { client, fetch, storage } = passwordClient(true);
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const pair = JSON.parse(storage.getItem(PW_KEY)!) as { code_challenge: string; code_verifier: string };
    expect(pair.code_verifier).toMatch(/^[0-9a-f]{16,128}$/);
    expect(fetch.calls('POST /passwords/email/reset/start')[0]!.json).toEqual({
      email: 'ada@example.com',
      code_challenge: pair.code_challenge,
    });
    expect(storage.getItem(`stytch_sdk_state_${PUBLIC_TOKEN}::PKCE_VERIFIER:magic_links`)).toBeNull();
  });

  it('reset start reuses a stored passwords pair (a resend keeps the first link valid)', async () => {
    const { client, fetch, storage } = passwordClient(true);
    storage.setItem(PW_KEY, JSON.stringify({ code_challenge: 'c-stored', code_verifier: 'v-stored' }));
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    expect(fetch.calls('POST /passwords/email/reset/start')[0]!.json).toMatchObject({
      code_challenge: 'c-stored',
    });
    expect(JSON.parse(storage.getItem(PW_KEY)!)).toEqual({
      code_challenge: 'c-stored',
      code_verifier: 'v-stored',
    });
  });

  it('reset by email sends the stored verifier, signs in and clears the pair', async () => {
    const { client, fetch, storage } = passwordClient(true);
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const pair = JSON.parse(storage.getItem(PW_KEY)!) as { code_verifier: string };
    fetch.on('POST /passwords/email/reset', ok(authResponse()));
    const result = await client.passwords.resetByEmail({
      sessionDurationMinutes: 60,
      password: 'new-pw',
      token: 'reset-token',
    });
    expect(fetch.calls('POST /passwords/email/reset')[0]!.body).toBe(
      `{"token":"reset-token","password":"new-pw","session_duration_minutes":60,"code_verifier":"${pair.code_verifier}"}`,
    );
    expect(result).not.toHaveProperty('__user');
    expect(client.session.getSync()).toEqual(makeSession());
    expect(storage.getItem(PW_KEY)).toBeNull();
  });

  it('reset by email without a stored pair sends no verifier; a failure keeps the pair', async () => {
    const { client, fetch, storage } = passwordClient();
    fetch.on('POST /passwords/email/reset', ok(authResponse()));
    await client.passwords.resetByEmail({ token: 't', password: 'p', sessionDurationMinutes: 5 });
    expect(fetch.calls('POST /passwords/email/reset')[0]!.json).toEqual({
      token: 't',
      password: 'p',
      session_duration_minutes: 5,
    });
    storage.setItem(PW_KEY, JSON.stringify({ code_challenge: 'c', code_verifier: 'v' }));
    fetch.on('POST /passwords/email/reset', { status: 400, json: { error_type: 'pkce_mismatch' } });
    await expect(
      client.passwords.resetByEmail({ token: 't', password: 'p', sessionDurationMinutes: 5 }),
    ).rejects.toMatchObject({ code: 'pkce_mismatch', message: 'Failed to reset password.' });
    expect(storage.getItem(PW_KEY)).not.toBeNull();
  });

  it('login with the reset token posts to the reset family, with the stored verifier, and signs in', async () => {
    const { client, fetch, storage, cookies } = passwordClient(true);
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const pair = JSON.parse(storage.getItem(PW_KEY)!) as { code_verifier: string };
    fetch.on('POST /passwords/email/reset/login', ok(withInternalUser({ email_id: 'email-1' })));
    const result = await client.passwords.resetByEmailLogin({
      sessionDurationMinutes: 30,
      token: 'reset-token',
    });
    expect(fetch.calls('POST /passwords/email/reset/login')[0]!.body).toBe(
      `{"token":"reset-token","session_duration_minutes":30,"code_verifier":"${pair.code_verifier}"}`,
    );
    // A reset token is no magic link (issue 16): nothing goes to /magic_links/authenticate.
    expect(fetch.requests.filter((r) => r.url.includes('/magic_links'))).toHaveLength(0);
    expect(result.email_id).toBe('email-1');
    expect(result).not.toHaveProperty('__user');
    expect(client.user.getSync()).toEqual(STORED_USER);
    expect(client.session.getSync()).toEqual(makeSession());
    expect(cookies.get()).toContain('stytch_session=session-token-1');
    expect(storage.getItem(PW_KEY)).toBeNull();
  });

  it('login with the reset token: no pair, no verifier; a failure keeps the pair and signs nobody in', async () => {
    const { client, fetch, storage } = passwordClient();
    fetch.on('POST /passwords/email/reset/login', ok(authResponse()));
    await client.passwords.resetByEmailLogin({ token: 't', sessionDurationMinutes: 5 });
    expect(fetch.calls('POST /passwords/email/reset/login')[0]!.json).toEqual({
      token: 't',
      session_duration_minutes: 5,
    });
    const second = passwordClient();
    second.storage.setItem(PW_KEY, JSON.stringify({ code_challenge: 'c', code_verifier: 'v' }));
    second.fetch.on('POST /passwords/email/reset/login', {
      status: 401,
      json: { error_type: 'invalid_reset_token' },
    });
    await expect(
      second.client.passwords.resetByEmailLogin({ token: 't', sessionDurationMinutes: 5 }),
    ).rejects.toMatchObject({ code: 'invalid_reset_token', message: 'Failed to log in without a password.' });
    expect(second.storage.getItem(PW_KEY)).not.toBeNull();
    expect(second.client.session.getSync()).toBeNull();
    expect(storage.getItem(PW_KEY)).toBeNull();
  });

  it('reset check posts the token (and the stored verifier) and resolves the address; it signs nobody in and keeps the pair', async () => {
    const { client, fetch, storage } = passwordClient(true);
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const pair = JSON.parse(storage.getItem(PW_KEY)!) as { code_verifier: string };
    const answer = { ...SENT, email: 'ada@example.com', expires_at: '2026-03-01T12:30:00.000Z' };
    fetch.on('POST /passwords/email/reset/check', ok(answer));
    await expect(client.passwords.resetByEmailCheck({ token: 'reset-token' })).resolves.toEqual(answer);
    expect(fetch.calls('POST /passwords/email/reset/check')[0]!.body).toBe(
      `{"token":"reset-token","code_verifier":"${pair.code_verifier}"}`,
    );
    expect(storage.getItem(PW_KEY)).not.toBeNull();
    expect(client.session.getSync()).toBeNull();

    const second = passwordClient();
    second.fetch.on('POST /passwords/email/reset/check', {
      status: 401,
      json: { status_code: 401, error_type: 'invalid_reset_token' },
    });
    await expect(second.client.passwords.resetByEmailCheck({ token: 't' })).rejects.toMatchObject({
      code: 'invalid_reset_token',
      message: 'Failed to check the password reset link.',
    });
    expect(second.fetch.calls('POST /passwords/email/reset/check')[0]!.json).toEqual({ token: 't' });
    await expect(second.client.passwords.resetByEmailCheck({} as never)).rejects.toBeInstanceOf(
      LatchkeyArgumentError,
    );
  });

  it('reset by existing password posts the fields in wire order and signs in', async () => {
    const { client, fetch } = passwordClient();
    fetch.on('POST /passwords/existing_password/reset', ok(authResponse()));
    await client.passwords.resetByExistingPassword({
      sessionDurationMinutes: 10,
      newPassword: 'new',
      existingPassword: 'old',
      email: 'ada@example.com',
    });
    expect(fetch.calls('POST /passwords/existing_password/reset')[0]!.body).toBe(
      '{"email":"ada@example.com","existing_password":"old","new_password":"new","session_duration_minutes":10}',
    );
    expect(client.session.getSync()).toEqual(makeSession());
  });

  it('reset by session stores `user` and returns the raw response including __user', async () => {
    const { client, fetch } = createTestClient({ signedIn: true });
    const stored = makeUser({ user_id: 'user-from-user' });
    const internal = makeUser({ user_id: 'user-from-internal' });
    const raw = { ...authResponse(makeSession(), stored, 'session-token-2'), __user: internal };
    fetch.on('POST /passwords/session/reset', ok(raw));
    const result = await client.passwords.resetBySession({ password: 'new-pw' });
    const [request] = fetch.calls('POST /passwords/session/reset');
    expect(request!.body).toBe('{"password":"new-pw"}');
    expect(request!.headers.Authorization).toBe(`Basic ${btoa(`${PUBLIC_TOKEN}:session-token-0`)}`);
    expect(result).toEqual(raw);
    expect(client.user.getSync()).toEqual(stored);
    expect(client.session.getTokens()?.session_token).toBe('session-token-2');
  });
});

describe('users.search', () => {
  it('posts the email and resolves userType', async () => {
    const { client, fetch } = passwordClient();
    fetch.on('POST /users/search', ok({ ...SENT, userType: 'passwordless' }));
    const result = await client.users.search('ada@example.com');
    expect(result.userType).toBe('passwordless');
    expect(fetch.calls('POST /users/search')[0]!.body).toBe('{"email":"ada@example.com"}');
    await expect(client.users.search(undefined as never)).rejects.toMatchObject({ argument: 'email' });
    expect(fetch.calls('POST /users/search')).toHaveLength(1);
  });
});

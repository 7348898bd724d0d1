/**
 * Issue 20 "wire-compatible on the server side": `/v1/passwords…` with the project secret — create,
 * authenticate, strength check, the three resets and migrate — over the browser side's services:
 * the same policy, breach check, lockout and lock, and the same events with the project as actor.
 */

import { createHash, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import { hash as bcryptHash } from '@node-rs/bcrypt';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { NEW_PASSWORD, resetLinksFor, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { basic, json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { usersApi } from '../../../test/user-management-calls.js';
import { sha256Base64url } from '../../crypto/hash.js';
import type { DomainEvent } from '../../domain-events/domain-event.js';
import { HARD_CAP } from './password-policy.js';
import { findPassword } from './passwords.repository.js';

const ctx = useTestContext();
const TABLES = ['users', 'emails', 'passwords', 'sessions', 'password_resets', 'login_failures'] as const;

const post = (path: string, payload: Record<string, unknown>, authorization?: string) =>
  usersApi(ctx, 'POST', `/v1/passwords${path}`, payload, authorization);

/** Every event published from the first call on. */
const heard: DomainEvent[] = [];
let listening = false;
function listen(): DomainEvent[] {
  if (!listening) {
    ctx.app.domainEvents.subscribe('*', async (_db, event) => {
      heard.push(event);
    });
    listening = true;
  }
  return heard;
}
const eventsOf = (type: string, userId: string) =>
  heard.filter((e) => e.type === type && (e.data as { user_id?: string }).user_id === userId);

async function givenServerPasswordUser(email: string, body: Record<string, unknown> = {}) {
  const response = await post('', { email, password: STRONG_PASSWORD, ...body });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return json(response);
}

describe('POST /v1/passwords', () => {
  it('creates an active user with a password and the user fields; no session unless a duration is given', async () => {
    listen();
    const body = await givenServerPasswordUser('Server.Create@Example.com', {
      name: { first_name: 'Ada' },
      trusted_metadata: { plan: 'pro' },
      external_id: 'crm-1001',
      roles: ['editor'],
    });
    expect(body).toMatchObject({
      status_code: 200,
      email_id: expect.stringMatching(/^email-test-/),
      session: null,
      session_token: '',
      session_jwt: '',
      user: {
        status: 'active',
        emails: [{ email: 'server.create@example.com', verified: false }],
        name: { first_name: 'Ada' },
        trusted_metadata: { plan: 'pro' },
        external_id: 'crm-1001',
        roles: ['editor'],
        is_locked: false,
        password: { password_id: expect.stringMatching(/^password-test-/), requires_reset: false },
      },
    });
    expect(body.user.user_id).toBe(body.user_id);
    const [created] = eventsOf('user.created', body.user_id);
    expect(created?.actor).toEqual({ type: 'project', id: ctx.dev.project_id });
    expect(created?.data).toMatchObject({ password: { requires_reset: false } });
    expect(eventsOf('session.created', body.user_id)).toEqual([]);
  });

  it('with session_duration_minutes: a session too, announced with the project as actor, custom claims in its JWT', async () => {
    const body = await givenServerPasswordUser('server.session@example.com', {
      session_duration_minutes: 30,
      session_custom_claims: { tier: 'gold' },
    });
    expect(body.session).toMatchObject({ user_id: body.user_id, custom_claims: { tier: 'gold' } });
    expect(body.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = JSON.parse(Buffer.from(body.session_jwt.split('.')[1], 'base64url').toString());
    expect(claims.tier).toBe('gold');
    const [started] = eventsOf('session.created', body.user_id);
    expect(started?.actor).toEqual({ type: 'project', id: ctx.dev.project_id });
  });

  it('bad input → 400 naming the field, nothing changed', async () => {
    await givenServerPasswordUser('taken@example.com');
    await givenServerPasswordUser('external-holder@example.com', { external_id: 'crm-taken' });
    const before = await rowCounts(ctx, TABLES);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ email: 'not-an-address', password: STRONG_PASSWORD }, 400, 'invalid_email', 'email'],
      [{ email: 'taken@example.com', password: STRONG_PASSWORD }, 400, 'duplicate_email', ''],
      [{ email: 'weak@example.com', password: 'password1' }, 400, 'weak_password', ''],
      [
        { email: 'x@example.com', password: STRONG_PASSWORD, attributes: {} },
        400,
        'invalid_request',
        'attributes',
      ],
      [
        { email: 'x@example.com', password: STRONG_PASSWORD, external_id: 'user-test-x' },
        400,
        'invalid_request',
        'external_id',
      ],
      [
        { email: 'x@example.com', password: STRONG_PASSWORD, external_id: 'crm-taken' },
        400,
        'duplicate_external_id',
        'external_id',
      ],
      [
        { email: 'x@example.com', password: STRONG_PASSWORD, roles: ['a b'] },
        400,
        'invalid_request',
        'roles',
      ],
      [
        { email: 'x@example.com', password: STRONG_PASSWORD, session_custom_claims: { sub: 'me' } },
        400,
        'invalid_request',
        '.session_custom_claims.sub',
      ],
    ];
    for (const [payload, status, type, path] of cases) {
      const response = await post('', payload);
      const body = json(response);
      expect([response.statusCode, body.error_type], JSON.stringify(payload)).toEqual([status, type]);
      if (path)
        expect(JSON.stringify(body.body ?? []) + body.error_message, JSON.stringify(payload)).toContain(path);
    }
    expect(await rowCounts(ctx, TABLES)).toEqual(before);
  });

  it('a public token or a session token in place of the secret → 403, nothing created', async () => {
    const signedIn = await givenSignedInUser(ctx, 'holder@example.com');
    const before = await rowCounts(ctx, TABLES);
    const payload = { email: 'sneaky@example.com', password: STRONG_PASSWORD };
    const cases: Array<[string, string]> = [
      [basic(ctx.dev.project_id, ctx.dev.public_token), 'public_token_forbidden'],
      [basic(ctx.dev.project_id, signedIn.session_token), 'session_token_forbidden'],
      [`Bearer ${signedIn.session_token}`, 'session_token_forbidden'],
    ];
    for (const [authorization, type] of cases) {
      for (const path of ['', '/authenticate', '/migrate', '/email/reset/start', '/strength_check']) {
        const response = await post(path, payload, authorization);
        expect(statusAndErrorType(response), `${path} ${type}`).toEqual([403, type]);
      }
    }
    expect(await rowCounts(ctx, TABLES)).toEqual(before);
  });
});

describe('POST /v1/passwords/authenticate', () => {
  it('right password → the user, no session; with a duration → a new session; wrong → 401', async () => {
    const created = await givenServerPasswordUser('auth@example.com');
    const plain = json(await post('/authenticate', { email: 'auth@example.com', password: STRONG_PASSWORD }));
    expect(plain).toMatchObject({ user_id: created.user_id, session: null, session_token: '' });
    expect(plain.user).toMatchObject({ user_id: created.user_id, is_locked: false });

    const withSession = json(
      await post('/authenticate', {
        email: 'AUTH@example.com',
        password: STRONG_PASSWORD,
        session_duration_minutes: 60,
      }),
    );
    expect(withSession.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'password', delivery_method: 'knowledge' }),
    ]);
    const wrong = await post('/authenticate', {
      email: 'auth@example.com',
      password: 'wrong-but-long-password-1',
    });
    expect(statusAndErrorType(wrong)).toEqual([401, 'unauthorized_credentials']);
    const unknown = await post('/authenticate', { email: 'nobody@example.com', password: STRONG_PASSWORD });
    expect(json(unknown).error_message).toBe(json(wrong).error_message);
  });

  it("with the user's session token: adds the password factor to that session (same token)", async () => {
    const signedIn = await givenSignedInUser(ctx, 'stepup@example.com');
    const migrated = await post('/migrate', {
      email: 'stepup@example.com',
      hash: await bcryptHash(STRONG_PASSWORD, 4),
      hash_type: 'bcrypt',
    });
    expect(json(migrated).user_created).toBe(false);
    // The import ended the user's sessions (a password change); sign in again by link.
    const again = await givenSignedInUser(ctx, 'stepup@example.com');
    expect(again.user_id).toBe(signedIn.user_id);
    const body = json(
      await post('/authenticate', {
        email: 'stepup@example.com',
        password: STRONG_PASSWORD,
        session_token: again.session_token,
      }),
    );
    expect(body.session_token).toBe(again.session_token);
    expect(body.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
      'magic_link',
      'password',
    ]);
    const other = await givenSignedInUser(ctx, 'someone-else@example.com');
    const foreign = await post('/authenticate', {
      email: 'stepup@example.com',
      password: STRONG_PASSWORD,
      session_token: other.session_token,
    });
    expect(statusAndErrorType(foreign)).toEqual([404, 'session_not_found']);
  });

  it("counts failures on the account as the browser does: delays, then the lasting lock on the policy's cap", async () => {
    const created = await givenServerPasswordUser('lockme@example.com');
    const wrong = { email: 'lockme@example.com', password: 'wrong-but-long-password-1' };
    for (let i = 0; i < 5; i += 1) expect((await post('/authenticate', wrong)).statusCode).toBe(401);
    const delayed = await post('/authenticate', { ...wrong, password: STRONG_PASSWORD });
    expect(statusAndErrorType(delayed)).toEqual([429, 'too_many_requests']);
    expect(delayed.headers['retry-after']).toBeDefined();

    // One failure short of the cap (as after HARD_CAP - 1 spaced-out failures), then one more.
    await ctx.db
      .updateTable('login_failures')
      .set({ failures: HARD_CAP - 1, locked_until: null })
      .where('key_hash', '=', sha256Base64url('lockme@example.com'))
      .execute();
    expect((await post('/authenticate', wrong)).statusCode).toBe(401);
    const locked = json(await usersApi(ctx, 'GET', `/v1/users/${created.user_id}`));
    expect(locked).toMatchObject({
      is_locked: true,
      lock_created_at: expect.any(String),
      lock_expires_at: null,
    });
    const [event] = eventsOf('login.locked', created.user_id);
    expect(event).toBeDefined();
    // Locked: even the right password fails, like a wrong one.
    ctx.clock.advance(60 * 60 * 1000);
    const right = await post('/authenticate', { email: 'lockme@example.com', password: STRONG_PASSWORD });
    expect(statusAndErrorType(right)).toEqual([401, 'unauthorized_credentials']);
  });
});

describe('POST /v1/passwords/strength_check', () => {
  it('answers the strength flat', async () => {
    const body = json(await post('/strength_check', { password: 'password1' }));
    expect(body).toMatchObject({ status_code: 200, valid_password: false, strength_policy: 'zxcvbn' });
    expect(json(await post('/strength_check', { password: STRONG_PASSWORD })).valid_password).toBe(true);
  });
});

describe('password resets', () => {
  it('email reset: start names the user and address; the token works once, even for two concurrent redemptions', async () => {
    const created = await givenServerPasswordUser('reset@example.com');
    const started = await post('/email/reset/start', { email: 'reset@example.com' });
    expect(json(started)).toMatchObject({
      status_code: 200,
      user_id: created.user_id,
      email_id: created.email_id,
    });
    const unknown = await post('/email/reset/start', { email: 'ghost@example.com' });
    expect(statusAndErrorType(unknown)).toEqual([404, 'email_not_found']);

    const { reset } = await resetLinksFor(ctx, 'reset@example.com');
    const before = await findPassword(ctx.db, created.user_id);
    const weak = await post('/email/reset', { token: reset, password: 'password1' });
    expect(statusAndErrorType(weak)).toEqual([400, 'weak_password']);
    expect(await findPassword(ctx.db, created.user_id)).toEqual(before);

    const redeem = () =>
      post('/email/reset', { token: reset, password: NEW_PASSWORD, session_duration_minutes: 30 });
    const answers = await Promise.all([redeem(), redeem()]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
    const won = json(answers.find((a) => a.statusCode === 200) as (typeof answers)[number]);
    expect(won).toMatchObject({ user_id: created.user_id, session: { user_id: created.user_id } });
    const lost = json(answers.find((a) => a.statusCode === 401) as (typeof answers)[number]);
    expect(lost.error_type).toBe('invalid_reset_token');
    const [changed] = eventsOf('password.changed', created.user_id);
    expect(changed?.actor).toEqual({ type: 'project', id: ctx.dev.project_id });
    const login = await post('/authenticate', { email: 'reset@example.com', password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('email reset with the user’s session_token: that session stays (extended), every other ends, none is made', async () => {
    const withSession = { password: STRONG_PASSWORD, session_duration_minutes: 60 };
    const created = await givenServerPasswordUser('reset-keep@example.com', { session_duration_minutes: 60 });
    const other = json(await post('/authenticate', { email: 'reset-keep@example.com', ...withSession }));
    const stranger = await givenServerPasswordUser('reset-stranger@example.com', {
      session_duration_minutes: 60,
    });
    await post('/email/reset/start', { email: 'reset-keep@example.com' });
    const { reset } = await resetLinksFor(ctx, 'reset-keep@example.com');

    // Another user's session is refused before the token is used.
    const foreign = await post('/email/reset', {
      token: reset,
      password: NEW_PASSWORD,
      session_token: stranger.session_token,
    });
    expect(statusAndErrorType(foreign)).toEqual([400, 'invalid_request']);

    const kept = await post('/email/reset', {
      token: reset,
      password: NEW_PASSWORD,
      session_token: created.session_token,
      session_duration_minutes: 120,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const body = json(kept);
    expect(body).toMatchObject({
      session_token: created.session_token,
      session: { session_id: created.session.session_id },
    });
    expect(Date.parse(body.session.expires_at)).toBeGreaterThan(Date.parse(created.session.expires_at));
    const check = (token: string) =>
      usersApi(ctx, 'POST', '/v1/sessions/authenticate', { session_token: token });
    expect((await check(created.session_token)).statusCode).toBe(200);
    expect((await check(other.session_token)).statusCode).toBe(404);
    expect((await check(stranger.session_token)).statusCode).toBe(200);
    const sessions = json(await usersApi(ctx, 'GET', `/v1/sessions?user_id=${created.user_id}`)).sessions;
    expect(sessions.map((s: { session_id: string }) => s.session_id)).toEqual([created.session.session_id]);
  });

  it('existing_password/reset: the right current password replaces it; a wrong one is 401 and changes nothing', async () => {
    const created = await givenServerPasswordUser('existing@example.com');
    const before = await findPassword(ctx.db, created.user_id);
    const wrong = await post('/existing_password/reset', {
      email: 'existing@example.com',
      existing_password: 'wrong-but-long-password-1',
      new_password: NEW_PASSWORD,
    });
    expect(statusAndErrorType(wrong)).toEqual([401, 'unauthorized_credentials']);
    expect(await findPassword(ctx.db, created.user_id)).toEqual(before);
    const changed = json(
      await post('/existing_password/reset', {
        email: 'existing@example.com',
        existing_password: STRONG_PASSWORD,
        new_password: NEW_PASSWORD,
      }),
    );
    expect(changed).toMatchObject({ user_id: created.user_id, session: null, session_token: '' });
    expect(
      (await post('/authenticate', { email: 'existing@example.com', password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("session/reset: sets the password of the session's user, keeps that session and ends the others", async () => {
    const first = await givenSignedInUser(ctx, 'session-reset@example.com');
    const second = await givenSignedInUser(ctx, 'session-reset@example.com');
    const missing = await post('/session/reset', { password: NEW_PASSWORD });
    expect(statusAndErrorType(missing)).toEqual([400, 'invalid_request']);
    const body = json(
      await post('/session/reset', { password: NEW_PASSWORD, session_token: second.session_token }),
    );
    expect(body).toMatchObject({ user_id: second.user_id, session_token: second.session_token });
    expect(body.user.password).not.toBeNull();
    const firstCheck = await usersApi(ctx, 'POST', '/v1/sessions/authenticate', {
      session_token: first.session_token,
    });
    expect(firstCheck.statusCode).toBe(404);
    const login = await post('/authenticate', { email: 'session-reset@example.com', password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
  });
});

describe('telemetry_id (the hosted provider’s device fingerprinting)', () => {
  it('is accepted and not used by every password call that can start a session', async () => {
    const telemetry = { telemetry_id: 'fa7e1e3e-0000-4000-8000-000000000000' };
    const created = await post('', {
      email: 'telemetry@example.com',
      password: STRONG_PASSWORD,
      ...telemetry,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(json(created).user).not.toHaveProperty('telemetry_id');
    const signedIn = await post('/authenticate', {
      email: 'telemetry@example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 30,
      ...telemetry,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(json(signedIn)).not.toHaveProperty('user_device');
    const reset = await post('/existing_password/reset', {
      email: 'telemetry@example.com',
      existing_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
      ...telemetry,
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});

describe('POST /v1/passwords/migrate', () => {
  const phc = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

  it('imports argon2id, bcrypt and scrypt hashes; the password then signs in and is rehashed to argon2id', async () => {
    const salt = randomBytes(16);
    const scryptDigest = scryptSync(STRONG_PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
    const imports: Array<[string, Record<string, unknown>]> = [
      [
        'argon2id@example.com',
        { hash_type: 'argon_2id', hash: await argon2Hash(STRONG_PASSWORD, { algorithm: 2 }) },
      ],
      ['bcrypt@example.com', { hash_type: 'bcrypt', hash: await bcryptHash(STRONG_PASSWORD, 4) }],
      [
        'scrypt-phc@example.com',
        { hash_type: 'scrypt', hash: `$scrypt$ln=10,r=8,p=1$${phc(salt)}$${phc(scryptDigest)}` },
      ],
      [
        'scrypt-config@example.com',
        {
          hash_type: 'scrypt',
          hash: scryptDigest.toString('base64'),
          scrypt_config: {
            salt: salt.toString('base64'),
            n_parameter: 1024,
            r_parameter: 8,
            p_parameter: 1,
            key_length: 32,
          },
        },
      ],
    ];
    await expectImportsSignIn(imports);
  });

  it('imports PBKDF2, salted MD5/SHA-1/SHA-512 and phpass hashes the same way', async () => {
    const salt = randomBytes(16);
    const digestOf = (algorithm: string, prepend: string, append: string) =>
      createHash(algorithm).update(`${prepend}${STRONG_PASSWORD}${append}`).digest('hex');
    const imports: Array<[string, Record<string, unknown>]> = [
      [
        'pbkdf2-sha256@example.com',
        {
          hash_type: 'pbkdf_2',
          hash: pbkdf2Sync(STRONG_PASSWORD, salt, 1000, 32, 'sha256').toString('base64'),
          pbkdf_2_config: {
            salt: salt.toString('base64'),
            iteration_amount: 1000,
            key_length: 32,
            algorithm: 'sha256',
          },
        },
      ],
      [
        'pbkdf2-sha512@example.com',
        {
          hash_type: 'pbkdf_2',
          hash: pbkdf2Sync(STRONG_PASSWORD, salt, 500, 64, 'sha512').toString('base64'),
          pbkdf_2_config: {
            salt: salt.toString('base64'),
            iteration_amount: 500,
            key_length: 64,
            algorithm: 'sha512',
          },
        },
      ],
      [
        'md5@example.com',
        {
          hash_type: 'md_5',
          hash: digestOf('md5', 'pre-', ''),
          md_5_config: { prepend_salt: 'pre-', append_salt: '' },
        },
      ],
      ['sha1-unsalted@example.com', { hash_type: 'sha_1', hash: digestOf('sha1', '', '').toUpperCase() }],
      [
        'sha512@example.com',
        {
          hash_type: 'sha_512',
          hash: digestOf('sha512', 'ä$', '$ü'),
          sha_512_config: { prepend_salt: 'ä$', append_salt: '$ü' },
        },
      ],
    ];
    await expectImportsSignIn(imports);
  });

  it('phpass: the reference implementation’s own test vector signs in', async () => {
    // From phpass 0.3's test.php: "test12345" under 2^11 rounds.
    const response = await post('/migrate', {
      email: 'phpass@example.com',
      hash_type: 'phpass',
      hash: '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0',
    });
    expect(response.statusCode, response.body).toBe(200);
    const wrong = await post('/authenticate', { email: 'phpass@example.com', password: 'test12346' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/authenticate', { email: 'phpass@example.com', password: 'test12345' });
    expect(right.statusCode, right.body).toBe(200);
    expect((await findPassword(ctx.db, json(response).user_id))?.hash).toMatch(/^\$argon2id\$/);
  });

  async function expectImportsSignIn(imports: Array<[string, Record<string, unknown>]>) {
    for (const [email, fields] of imports) {
      const response = await post('/migrate', {
        email,
        ...fields,
        external_id: `old-${email.split('@')[0]}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = json(response);
      expect(body).toMatchObject({ user_created: true, user: { external_id: `old-${email.split('@')[0]}` } });
      const wrong = await post('/authenticate', { email, password: NEW_PASSWORD });
      expect(wrong.statusCode, email).toBe(401);
      const right = await post('/authenticate', { email, password: STRONG_PASSWORD });
      expect(right.statusCode, `${email} ${right.body}`).toBe(200);
      const stored = await findPassword(ctx.db, body.user_id);
      expect(stored?.hash.startsWith('$argon2id$'), email).toBe(true);
    }
  }

  it('a hash of another kind or shape → 400 naming the field, nothing stored', async () => {
    const before = await rowCounts(ctx, TABLES);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ hash_type: 'md_4', hash: '5f4dcc3b5aa765d61d8327deb882cf99' }, 'hash_type'],
      [{ hash_type: 'md_5', hash: '5f4dcc3b5aa765d61d8327deb882cf9' }, 'hash'],
      [{ hash_type: 'sha_1', hash: '5f4dcc3b5aa765d61d8327deb882cf99' }, 'hash'],
      [{ hash_type: 'pbkdf_2', hash: 'AAAA' }, 'pbkdf_2_config'],
      [
        {
          hash_type: 'pbkdf_2',
          hash: Buffer.alloc(32).toString('base64'),
          pbkdf_2_config: { salt: 'c2FsdA==', iteration_amount: 1000, key_length: 16, algorithm: 'sha256' },
        },
        'pbkdf_2_config.key_length',
      ],
      [{ hash_type: 'phpass', hash: `$P$Z${'a'.repeat(30)}` }, 'hash'],
      [{ hash_type: 'bcrypt', hash: 'not-a-bcrypt-hash' }, 'hash'],
      [{ hash_type: 'argon_2id', hash: '$argon2i$v=19$m=16,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g' }, 'hash'],
      [
        {
          hash_type: 'scrypt',
          hash: 'AAAA',
          scrypt_config: {
            salt: 'c2FsdA==',
            n_parameter: 1000,
            r_parameter: 8,
            p_parameter: 1,
            key_length: 32,
          },
        },
        'scrypt_config.n_parameter',
      ],
    ];
    for (const [fields, path] of cases) {
      const response = await post('/migrate', { email: 'bad-import@example.com', ...fields });
      expect(statusAndErrorType(response), path).toEqual([400, 'invalid_request']);
      expect(JSON.stringify(json(response).body ?? []) + json(response).error_message).toContain(path);
    }
    expect(await rowCounts(ctx, TABLES)).toEqual(before);
  });
});

/** Server-facing POST /v1/totps, /v1/totps/authenticate, /v1/totps/recovery_codes and /v1/totps/recover with Basic project_id:secret. */

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import {
  givenSecondFactorFailures,
  secondFactorLockRows,
  WRONG_RECOVERY_CODE,
  wrongTotpCode,
} from '../../../test/second-factor-lock-helpers.js';
import {
  devProjectAuthorization,
  expectForbiddenWithoutSecret,
  expectLiveSession,
  flatServerAnswer,
  postServerApi,
} from '../../../test/server-api-calls.js';
import { actorsOf } from '../../../test/server-send-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { currentCode, mfaSnapshot, nextStep } from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser } from '../../../test/user-management-calls.js';
import { SECOND_FACTOR_CAP } from '../mfa/mfa-policy.js';
import { secondFactorFailuresOf } from '../mfa/second-factor-lockouts.repository.js';

const ctx = useTestContext();

/** A well-formed user id that no user has. */
const NOBODY = 'user-test-00000000-0000-4000-8000-000000000000';

const call = (path: string, payload: Record<string, unknown>) =>
  postServerApi(ctx, path, devProjectAuthorization(ctx), payload);

/** The user's consecutive failed second factors (0 when none is stored). */
const failuresOf = (userId: string) => secondFactorFailuresOf(ctx.db, userId);

/** A magic-link user with a session and an authenticator app the server created and confirmed. */
async function givenServerTotpUser(email: string) {
  const signedIn = await givenSignedInUser(ctx, email);
  const created = await call('/v1/totps', { user_id: signedIn.user_id });
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
  const totp = json(created) as { totp_id: string; secret: string; recovery_codes: string[] };
  const confirmed = await call('/v1/totps/authenticate', {
    user_id: signedIn.user_id,
    totp_code: currentCode(ctx, totp.secret),
    session_token: signedIn.session_token,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  nextStep(ctx);
  return { ...signedIn, ...totp };
}

describe('POST /v1/totps', () => {
  it('gives the secret, QR code and ten recovery codes with the server user; stored sealed and hashed', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server-totp@example.com');
    const response = await call('/v1/totps', { user_id: signedIn.user_id, expiration_minutes: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(Object.keys(body)).toEqual([
      'status_code',
      'request_id',
      'user_id',
      'totp_id',
      'secret',
      'qr_code',
      'recovery_codes',
      'user',
    ]);
    expect(body.user_id).toBe(signedIn.user_id);
    expect(body.totp_id).toMatch(/^totp-test-/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(body.recovery_codes).toHaveLength(10);
    // The server user object (GET /v1/users/{id}'s), which the browser's answer lacks.
    expect(body.user).toMatchObject({ user_id: signedIn.user_id, totps: [] });
    expect(body.user).toHaveProperty('trusted_metadata');
    const dump = JSON.stringify([
      (await sql`select * from totps`.execute(ctx.db)).rows,
      (await sql`select * from totp_recovery_codes`.execute(ctx.db)).rows,
    ]);
    for (const secret of [body.secret, ...body.recovery_codes]) expect(dump).not.toContain(secret);
  });

  it('bad input → 400 naming the field; an unknown user → 404; a confirmed app → 409; nothing changed', async () => {
    const user = await givenServerTotpUser('server-totp-bad@example.com');
    const before = await mfaSnapshot(ctx);
    for (const [payload, field] of [
      [{}, '.user_id'],
      [{ user_id: user.user_id, expiration_minutes: 1 }, '.expiration_minutes'],
      [{ user_id: user.user_id, expires: 10 }, '.expires'],
    ] as const) {
      const response = await call('/v1/totps', payload);
      expect(statusAndErrorType(response), response.body).toEqual([400, 'invalid_request']);
      expect(response.body).toContain(field.slice(1));
    }
    expect(statusAndErrorType(await call('/v1/totps', { user_id: NOBODY }))).toEqual([404, 'user_not_found']);
    expect(statusAndErrorType(await call('/v1/totps', { user_id: user.user_id }))).toEqual([
      409,
      'totp_already_exists',
    ]);
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });

  it('takes the user’s external id in place of user_id, as the hosted provider', async () => {
    const user = await givenServerUser(ctx, {
      email: 'server-totp-ext@example.com',
      external_id: 'crm-4711',
    });
    const response = await call('/v1/totps', { user_id: 'crm-4711' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).user_id).toBe(user.user_id);
    expect(json(await call('/v1/totps/recovery_codes', { user_id: 'crm-4711' })).totps).toHaveLength(1);
    expect(statusAndErrorType(await call('/v1/totps', { user_id: 'user-test-nobody' }))).toEqual([
      400,
      'invalid_user_id',
    ]);
  });
});

describe('POST /v1/totps/authenticate', () => {
  it('the first code confirms the app and adds the factor to the user’s session (token or JWT); factor.added by the project', async () => {
    const signedIn = await givenSignedInUser(ctx, 'server-totp-confirm@example.com');
    const totp = json(await call('/v1/totps', { user_id: signedIn.user_id }));
    const response = await call('/v1/totps/authenticate', {
      user_id: signedIn.user_id,
      totp_code: currentCode(ctx, totp.secret),
      session_token: signedIn.session_token,
      session_duration_minutes: 120,
      session_custom_claims: { team: 'red' },
    });
    const body = flatServerAnswer(response);
    expect(body).toMatchObject({
      user_id: signedIn.user_id,
      totp_id: totp.totp_id,
      session_token: signedIn.session_token,
    });
    expect(body.session.session_id).toBe(signedIn.session.session_id);
    expect(body.session.custom_claims).toEqual({ team: 'red' });
    expect(body.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
      'magic_link',
      'totp',
    ]);
    expect(body.user.totps).toEqual([{ totp_id: totp.totp_id, verified: true }]);
    await expectLiveSession(ctx, body);
    // The project's server confirmed it, so the event names it, not the user.
    const actors = await actorsOf(ctx, signedIn.user_id);
    expect(actors).toContain('factor.added:project');
    expect(actors).not.toContain('factor.added:user');

    // A later code, with the session's JWT instead of its token (the token is not known then).
    nextStep(ctx);
    const byJwt = await call('/v1/totps/authenticate', {
      user_id: signedIn.user_id,
      totp_code: currentCode(ctx, totp.secret),
      session_jwt: body.session_jwt,
    });
    expect(byJwt.statusCode, byJwt.body).toBe(200);
    expect(json(byJwt).session.session_id).toBe(signedIn.session.session_id);
    expect(json(byJwt).session_token).toBe('');
  });

  it('a wrong or replayed code → 401 invalid_totp_code, counted against the user like the browser’s', async () => {
    const user = await givenServerTotpUser('server-totp-wrong@example.com');
    const before = await failuresOf(user.user_id);
    const wrong = await call('/v1/totps/authenticate', {
      user_id: user.user_id,
      totp_code: wrongTotpCode(user.secret, ctx.clock.now()),
      session_token: user.session_token,
    });
    expect(statusAndErrorType(wrong)).toEqual([401, 'invalid_totp_code']);
    expect(await failuresOf(user.user_id)).toBe(before + 1);
    const code = currentCode(ctx, user.secret);
    const payload = { user_id: user.user_id, totp_code: code, session_token: user.session_token };
    expect((await call('/v1/totps/authenticate', payload)).statusCode).toBe(200);
    // A passed code clears the count; the same code again is a replay (SECURITY B4).
    expect(await failuresOf(user.user_id)).toBe(0);
    expect(statusAndErrorType(await call('/v1/totps/authenticate', payload))).toEqual([
      401,
      'invalid_totp_code',
    ]);
    expect(await failuresOf(user.user_id)).toBe(1);
  });

  it('the cap-th wrong code locks the user’s second factor: 429, the lock stored, the right code refused too', async () => {
    const user = await givenServerTotpUser('server-totp-lock@example.com');
    await givenSecondFactorFailures(ctx, user.user_id, SECOND_FACTOR_CAP - 1);
    const wrong = await call('/v1/totps/authenticate', {
      user_id: user.user_id,
      totp_code: wrongTotpCode(user.secret, ctx.clock.now()),
      session_token: user.session_token,
    });
    expect(statusAndErrorType(wrong)).toEqual([429, 'too_many_requests']);
    expect(await secondFactorLockRows(ctx, user.user_id)).toHaveLength(1);
    const right = await call('/v1/totps/authenticate', {
      user_id: user.user_id,
      totp_code: currentCode(ctx, user.secret),
      session_token: user.session_token,
    });
    expect(statusAndErrorType(right)).toEqual([429, 'too_many_requests']);
  });

  it('bad input → 400 naming the field; another user’s session → 400 naming user_id; nothing tried or changed', async () => {
    const user = await givenServerTotpUser('server-totp-input@example.com');
    const other = await givenSignedInUser(ctx, 'server-totp-other@example.com');
    const code = currentCode(ctx, user.secret);
    const before = await mfaSnapshot(ctx);
    const base = { user_id: user.user_id, totp_code: code, session_token: user.session_token };
    const { session_token: _, ...noSession } = base;
    for (const [payload, field] of [
      [{ ...base, totp_code: '12345' }, 'totp_code'],
      [{ ...base, user_id: undefined }, 'user_id'],
      [{ ...base, session_duration_minutes: 1 }, 'session_duration_minutes'],
      [{ ...base, sesion_token: 'x' }, 'sesion_token'],
      [noSession, 'session_token'],
      [{ ...base, session_jwt: 'a.b.c' }, 'session_jwt'],
      [{ ...base, session_token: other.session_token }, 'user_id'],
      [{ ...base, session_custom_claims: { sub: 'someone' } }, 'sub'],
    ] as const) {
      const response = await call('/v1/totps/authenticate', payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.body, field).toContain(field);
    }
    expect(statusAndErrorType(await call('/v1/totps/authenticate', { ...base, user_id: NOBODY }))).toEqual([
      404,
      'user_not_found',
    ]);
    expect(
      statusAndErrorType(
        await call('/v1/totps/authenticate', { ...base, session_token: 'not-a-live-session' }),
      ),
    ).toEqual([404, 'session_not_found']);
    expect(await mfaSnapshot(ctx)).toEqual(before);
    expect(await failuresOf(user.user_id)).toBe(0);
    // The code was not spent by any of them.
    expect((await call('/v1/totps/authenticate', base)).statusCode).toBe(200);
  });
});

describe('POST /v1/totps/recovery_codes and /v1/totps/recover', () => {
  it('issues a new set (the old codes stop working); a user without an app has an empty list', async () => {
    const user = await givenServerTotpUser('server-totp-codes@example.com');
    const response = await call('/v1/totps/recovery_codes', { user_id: user.user_id });
    expect(response.statusCode, response.body).toBe(200);
    const body = json(response);
    expect(body).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      user_id: user.user_id,
      totps: [{ totp_id: user.totp_id, verified: true, recovery_codes: expect.any(Array) }],
    });
    const fresh = body.totps[0].recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(user.recovery_codes[0]);
    const old = await call('/v1/totps/recover', {
      user_id: user.user_id,
      recovery_code: user.recovery_codes[0],
      session_token: user.session_token,
    });
    expect(statusAndErrorType(old)).toEqual([401, 'invalid_recovery_code']);
    const used = await call('/v1/totps/recover', {
      user_id: user.user_id,
      recovery_code: fresh[0],
      session_token: user.session_token,
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(json(used)).toMatchObject({ user_id: user.user_id, totp_id: user.totp_id });
    expect(json(used).session.authentication_factors.map((f: { type: string }) => f.type)).toContain(
      'recovery_codes',
    );

    const plain = await givenSignedInUser(ctx, 'server-totp-none@example.com');
    expect(json(await call('/v1/totps/recovery_codes', { user_id: plain.user_id })).totps).toEqual([]);
    expect(statusAndErrorType(await call('/v1/totps/recovery_codes', { user_id: NOBODY }))).toEqual([
      404,
      'user_not_found',
    ]);
    expect(statusAndErrorType(await call('/v1/totps/recovery_codes', { user: plain.user_id }))).toEqual([
      400,
      'invalid_request',
    ]);
  });

  it('a recovery code works once: two concurrent recovers → one success; a wrong code is counted', async () => {
    const user = await givenServerTotpUser('server-totp-race@example.com');
    const before = await mfaSnapshot(ctx);
    const payload = {
      user_id: user.user_id,
      recovery_code: user.recovery_codes[3],
      session_token: user.session_token,
    };
    const answers = await Promise.all([
      call('/v1/totps/recover', payload),
      call('/v1/totps/recover', payload),
    ]);
    expect(answers.map(statusAndErrorType).sort()).toEqual([
      [200, undefined],
      [401, 'invalid_recovery_code'],
    ]);
    expect((await mfaSnapshot(ctx)).unusedCodes).toBe(before.unusedCodes - 1);
    expect(statusAndErrorType(await call('/v1/totps/recover', payload))).toEqual([
      401,
      'invalid_recovery_code',
    ]);
    const failures = await failuresOf(user.user_id);
    const wrong = await call('/v1/totps/recover', { ...payload, recovery_code: WRONG_RECOVERY_CODE });
    expect(statusAndErrorType(wrong)).toEqual([401, 'invalid_recovery_code']);
    expect(await failuresOf(user.user_id)).toBe(failures + 1);
  });
});

describe('credentials', () => {
  it('a public token or a session token in place of the secret → 403; nothing stored', async () => {
    const user = await givenServerTotpUser('server-totp-creds@example.com');
    const before = await mfaSnapshot(ctx);
    const calls = [
      { path: '/v1/totps', payload: { user_id: user.user_id } },
      {
        path: '/v1/totps/authenticate',
        payload: { user_id: user.user_id, totp_code: currentCode(ctx, user.secret) },
      },
      { path: '/v1/totps/recovery_codes', payload: { user_id: user.user_id } },
      {
        path: '/v1/totps/recover',
        payload: { user_id: user.user_id, recovery_code: user.recovery_codes[0] },
      },
    ];
    await expectForbiddenWithoutSecret(ctx, user, calls);
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });
});

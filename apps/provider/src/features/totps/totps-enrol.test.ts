/** Adding, confirming, rotating and removing an authenticator app with a full session (docs/contracts.md "TOTP"). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  authenticateMagicLink,
  givenSignedInUser,
  latestToken,
  requestMagicLink,
} from '../../../test/magic-link-helpers.js';
import { countRowsMatching } from '../../../test/row-counts.js';
import { basic, json, statusAndErrorType } from '../../../test/test-app.js';
import {
  authenticateTotp,
  callSdk,
  createTotp,
  currentCode,
  givenTotpUser,
  mfaSnapshot,
  nextStep,
  otherCode,
  recoverWith,
  totpCode,
} from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

describe('POST /totps', () => {
  it('gives a secret, its QR code and ten recovery codes; nothing shows on the user until confirmed', async () => {
    const signedIn = await givenSignedInUser(ctx, 'enrol@example.com');
    const data = await createTotp(ctx, signedIn.session_token);
    expect(data.user_id).toBe(signedIn.user_id);
    expect(data.totp_id).toMatch(/^totp-test-[0-9a-f-]{36}$/);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(data.recovery_codes).toHaveLength(10);
    for (const code of data.recovery_codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(new Set(data.recovery_codes).size).toBe(10);
    expect((data.__user as { totps: unknown[] }).totps).toEqual([]);
    // Stored sealed and hashed: neither the secret nor a code appears anywhere in the tables.
    const dump = JSON.stringify([
      (await sql`select * from totps`.execute(ctx.db)).rows,
      (await sql`select * from totp_recovery_codes`.execute(ctx.db)).rows,
    ]);
    for (const secret of [data.secret, ...data.recovery_codes]) expect(dump).not.toContain(secret);
  });

  it('the first code confirms it: verified on the user, the factor added to the same session', async () => {
    const signedIn = await givenSignedInUser(ctx, 'confirm@example.com');
    const totp = await createTotp(ctx, signedIn.session_token);
    const response = await authenticateTotp(ctx, signedIn.session_token, currentCode(ctx, totp.secret));
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.totp_id).toBe(totp.totp_id);
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.session_id).toBe(signedIn.session.session_id);
    expect(data.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual([
      'magic_link',
      'totp',
    ]);
    expect(data.session.authentication_factors[1]).toMatchObject({
      delivery_method: 'authenticator_app',
      authenticator_app_factor: { totp_id: totp.totp_id },
    });
    expect(data.__user.totps).toEqual([{ totp_id: totp.totp_id, verified: true }]);
    const me = json(await callSdk(ctx, signedIn.session_token, '/users/me', undefined, { method: 'GET' }));
    expect(me.data.totps).toEqual([{ totp_id: totp.totp_id, verified: true }]);
  });

  it('a wrong code, or one past the enrolment time, leaves it unverified', async () => {
    const signedIn = await givenSignedInUser(ctx, 'late@example.com');
    const totp = await createTotp(ctx, signedIn.session_token, { expiration_minutes: 5 });
    const before = await mfaSnapshot(ctx);
    const wrong = await authenticateTotp(
      ctx,
      signedIn.session_token,
      otherCode(currentCode(ctx, totp.secret)),
    );
    expect(statusAndErrorType(wrong)).toEqual([401, 'invalid_totp_code']);
    ctx.clock.advance(5 * 60_000);
    const late = await authenticateTotp(ctx, signedIn.session_token, currentCode(ctx, totp.secret));
    expect(statusAndErrorType(late)).toEqual([401, 'invalid_totp_code']);
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });

  it('replaces an unverified one, but a verified one answers 409 and nothing changes', async () => {
    const signedIn = await givenSignedInUser(ctx, 'twice@example.com');
    const first = await createTotp(ctx, signedIn.session_token);
    const second = await createTotp(ctx, signedIn.session_token);
    expect(second.totp_id).not.toBe(first.totp_id);
    const rows = await ctx.db
      .selectFrom('totps')
      .select('id')
      .where('user_id', '=', signedIn.user_id)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([second.totp_id]);
    // The first secret's codes no longer count.
    const stale = await authenticateTotp(ctx, signedIn.session_token, currentCode(ctx, first.secret));
    expect(json(stale).error_type).toBe('invalid_totp_code');

    const verified = await givenTotpUser(ctx, 'already@example.com');
    const before = await mfaSnapshot(ctx);
    const again = await callSdk(ctx, verified.session_token, '/totps', {});
    expect(statusAndErrorType(again)).toEqual([409, 'totp_already_exists']);
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });

  it('refuses an expiration_minutes outside 5..1440 before anything is stored', async () => {
    const signedIn = await givenSignedInUser(ctx, 'range@example.com');
    const before = await mfaSnapshot(ctx);
    for (const minutes of [4, 1441, '30']) {
      const response = await callSdk(ctx, signedIn.session_token, '/totps', { expiration_minutes: minutes });
      expect(statusAndErrorType(response)).toEqual([400, 'invalid_request']);
    }
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });
});

describe('POST /totps/recovery_codes', () => {
  it('bodiless with Content-Type: application/json, issues a new set; the old codes stop working', async () => {
    const user = await givenTotpUser(ctx, 'rotate@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/totps/recovery_codes',
      headers: {
        authorization: basic(ctx.dev.public_token, user.session_token),
        'content-type': 'application/json',
      },
    });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.user_id).toBe(user.user_id);
    expect(data.totps.totp_id).toBe(user.totp_id);
    expect(data.totps.verified).toBe(true);
    expect(data.totps.recovery_codes).toHaveLength(10);
    expect(data.totps.recovery_codes).not.toContain(user.recovery_codes[0]);
    const old = await recoverWith(ctx, user.session_token, user.recovery_codes[0] as string);
    expect(statusAndErrorType(old)).toEqual([401, 'invalid_recovery_code']);
    const fresh = await recoverWith(ctx, user.session_token, data.totps.recovery_codes[0]);
    expect(fresh.statusCode).toBe(200);
    expect(json(fresh).data.session.authentication_factors.at(-1)).toMatchObject({
      type: 'recovery_codes',
      delivery_method: 'recovery_code',
      recovery_code_factor: { totp_recovery_code_id: expect.stringMatching(/^totp-recovery-code-test-/) },
    });
  });

  it('without a TOTP → 404 totp_not_found (and so do authenticate and recover)', async () => {
    const signedIn = await givenSignedInUser(ctx, 'none@example.com');
    const before = await mfaSnapshot(ctx);
    for (const response of [
      await callSdk(ctx, signedIn.session_token, '/totps/recovery_codes'),
      await authenticateTotp(ctx, signedIn.session_token, '123456'),
      await recoverWith(ctx, signedIn.session_token, 'aaaa-bbbb-cccc'),
    ]) {
      expect(statusAndErrorType(response)).toEqual([404, 'totp_not_found']);
    }
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });
});

describe('DELETE /users/totps/{totp_id}', () => {
  it('removes the TOTP and its codes; the user shows none; a second delete is 404', async () => {
    const user = await givenTotpUser(ctx, 'remove@example.com');
    const other = await givenTotpUser(ctx, 'keeps@example.com');
    const notMine = await callSdk(ctx, user.session_token, `/users/totps/${other.totp_id}`, undefined, {
      method: 'DELETE',
    });
    expect(statusAndErrorType(notMine)).toEqual([404, 'totp_not_found']);

    const response = await callSdk(ctx, user.session_token, `/users/totps/${user.totp_id}`, undefined, {
      method: 'DELETE',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data.user_id).toBe(user.user_id);
    expect(json(response).data.__user.totps).toEqual([]);
    expect(await countRowsMatching(ctx, 'totps', { id: user.totp_id })).toBe(0);
    expect(await countRowsMatching(ctx, 'totp_recovery_codes', { totp_id: user.totp_id })).toBe(0);
    const again = await callSdk(ctx, user.session_token, `/users/totps/${user.totp_id}`, undefined, {
      method: 'DELETE',
    });
    expect(statusAndErrorType(again)).toEqual([404, 'totp_not_found']);
    expect(
      await ctx.db.selectFrom('totps').select('id').where('id', '=', other.totp_id).execute(),
    ).toHaveLength(1);
  });
});

describe('replay with a session (SECURITY B4)', () => {
  it('the same code twice in a row: 200 then 401; the next step’s code works', async () => {
    const user = await givenTotpUser(ctx, 'replay@example.com');
    const code = currentCode(ctx, user.secret);
    expect((await authenticateTotp(ctx, user.session_token, code)).statusCode).toBe(200);
    const replay = await authenticateTotp(ctx, user.session_token, code);
    expect(statusAndErrorType(replay)).toEqual([401, 'invalid_totp_code']);
    // An earlier step's code (still inside the ±1 window) is refused too.
    const earlier = totpCode(user.secret, new Date(ctx.clock.now().getTime() - 30_000));
    expect((await authenticateTotp(ctx, user.session_token, earlier)).statusCode).toBe(401);
    nextStep(ctx);
    expect((await authenticateTotp(ctx, user.session_token, currentCode(ctx, user.secret))).statusCode).toBe(
      200,
    );
  });

  it('the same code twice at once: one 200, one 401', async () => {
    const user = await givenTotpUser(ctx, 'replay-race@example.com');
    const code = currentCode(ctx, user.secret);
    const responses = await Promise.all([
      authenticateTotp(ctx, user.session_token, code),
      authenticateTotp(ctx, user.session_token, code),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(json(responses.find((r) => r.statusCode === 401) as never).error_type).toBe('invalid_totp_code');
  });

  it('one recovery code twice at once: one 200, one 401; exactly one code used', async () => {
    const user = await givenTotpUser(ctx, 'recovery-race@example.com');
    const code = user.recovery_codes[3] as string;
    const responses = await Promise.all([
      recoverWith(ctx, user.session_token, code),
      recoverWith(ctx, user.session_token, code.toUpperCase()),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(json(responses.find((r) => r.statusCode === 401) as never).error_type).toBe(
      'invalid_recovery_code',
    );
    const used = await ctx.db
      .selectFrom('totp_recovery_codes')
      .select('id')
      .where('totp_id', '=', user.totp_id)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(1);
  });
});

describe('a user who turned an authenticator app on, on a project that does not require MFA', () => {
  it('is asked for it at the next sign-in; after removing it, is not', async () => {
    const user = await givenTotpUser(ctx, 'opted-in@example.com');
    await requestMagicLink(ctx, 'opted-in@example.com');
    const held = await authenticateMagicLink(ctx, await latestToken(ctx, 'opted-in@example.com'));
    expect(held.statusCode).toBe(200);
    const { data } = json(held);
    expect(data).toMatchObject({ session_token: '', session: null, mfa_required: { totp: true } });
    const completed = await authenticateTotp(
      ctx,
      data.intermediate_session_token,
      currentCode(ctx, user.secret),
    );
    expect(completed.statusCode).toBe(200);
    const factors = json(completed).data.session.authentication_factors.map((f: { type: string }) => f.type);
    expect(factors).toEqual(['magic_link', 'totp']);

    const removed = await callSdk(ctx, user.session_token, `/users/totps/${user.totp_id}`, undefined, {
      method: 'DELETE',
    });
    expect(removed.statusCode).toBe(200);
    await requestMagicLink(ctx, 'opted-in@example.com');
    const direct = await authenticateMagicLink(ctx, await latestToken(ctx, 'opted-in@example.com'));
    expect(json(direct).data.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

/** SECURITY A6, B4 and D2 for intermediate sessions: guessing, replay and misuse of an IST. */
import { describe, expect, it } from 'vitest';
import { countRows } from '../../../test/row-counts.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import {
  authenticateTotp,
  callSdk,
  currentCode,
  givenIst,
  givenMfaUser,
  istRow,
  mfaSnapshot,
  otherCode,
  recoverWith,
} from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext({ devProject: { mfaRequired: true } });

describe('guessing (SECURITY A6)', () => {
  it('the fifth wrong code, TOTP and recovery mixed, answers 429 and ends the IST; no recovery code is used', async () => {
    const user = await givenMfaUser(ctx, 'guess@example.com');
    const ist = await givenIst(ctx, user.email);
    const before = await mfaSnapshot(ctx);
    const wrongTotp = otherCode(currentCode(ctx, user.secret));
    const attempts = [
      await authenticateTotp(ctx, ist, wrongTotp),
      await recoverWith(ctx, ist, 'aaaa-aaaa-aaaa'),
      await authenticateTotp(ctx, ist, wrongTotp),
      await recoverWith(ctx, ist, 'not a code'),
      await authenticateTotp(ctx, ist, wrongTotp),
    ];
    expect(attempts.map(statusAndErrorType)).toEqual([
      [401, 'invalid_totp_code'],
      [401, 'invalid_recovery_code'],
      [401, 'invalid_totp_code'],
      [401, 'invalid_recovery_code'],
      [429, 'too_many_requests'],
    ]);
    const row = await istRow(ctx, ist);
    expect(row.failed_attempts).toBe(5);
    expect(row.revoked_at).not.toBeNull();
    // The right code and a real recovery code no longer help.
    expect(statusAndErrorType(await authenticateTotp(ctx, ist, currentCode(ctx, user.secret)))).toEqual([
      401,
      'intermediate_session_not_found',
    ]);
    expect(statusAndErrorType(await recoverWith(ctx, ist, user.recovery_codes[0] as string))).toEqual([
      401,
      'intermediate_session_not_found',
    ]);
    expect(await mfaSnapshot(ctx)).toEqual(before);
  });

  it('eight wrong codes at once: at most five are counted, the IST ends, no session', async () => {
    const user = await givenMfaUser(ctx, 'swarm@example.com');
    const ist = await givenIst(ctx, user.email);
    const sessions = await countRows(ctx, 'sessions');
    const wrong = otherCode(currentCode(ctx, user.secret));
    const responses = await Promise.all(Array.from({ length: 8 }, () => authenticateTotp(ctx, ist, wrong)));
    for (const response of responses) expect([401, 429]).toContain(response.statusCode);
    expect((await istRow(ctx, ist)).failed_attempts).toBeLessThanOrEqual(5);
    expect(await countRows(ctx, 'sessions')).toBe(sessions);
  });
});

describe('replay with ISTs (SECURITY B4)', () => {
  it('one code, two sign-ins one after the other: the second is refused', async () => {
    const user = await givenMfaUser(ctx, 'seq@example.com');
    const code = currentCode(ctx, user.secret);
    expect((await authenticateTotp(ctx, await givenIst(ctx, user.email), code)).statusCode).toBe(200);
    const second = await givenIst(ctx, user.email);
    expect(statusAndErrorType(await authenticateTotp(ctx, second, code))).toEqual([401, 'invalid_totp_code']);
    expect((await istRow(ctx, second)).failed_attempts).toBe(1);
  });

  it('one code, two sign-ins at once: one 200, one 401', async () => {
    const user = await givenMfaUser(ctx, 'race@example.com');
    const [a, b] = [await givenIst(ctx, user.email), await givenIst(ctx, user.email)];
    const code = currentCode(ctx, user.secret);
    const sessions = await countRows(ctx, 'sessions');
    const responses = await Promise.all([authenticateTotp(ctx, a, code), authenticateTotp(ctx, b, code)]);
    expect(responses.map(statusAndErrorType).sort()).toEqual([
      [200, undefined],
      [401, 'invalid_totp_code'],
    ]);
    expect(await countRows(ctx, 'sessions')).toBe(sessions + 1);
  });

  it('one recovery code, two sign-ins at once: one 200, one 401, one code used', async () => {
    const user = await givenMfaUser(ctx, 'race-recover@example.com');
    const [a, b] = [await givenIst(ctx, user.email), await givenIst(ctx, user.email)];
    const before = await mfaSnapshot(ctx);
    const code = user.recovery_codes[5] as string;
    const responses = await Promise.all([recoverWith(ctx, a, code), recoverWith(ctx, b, code)]);
    expect(responses.map(statusAndErrorType).sort()).toEqual([
      [200, undefined],
      [401, 'invalid_recovery_code'],
    ]);
    expect((await mfaSnapshot(ctx)).unusedCodes).toBe(before.unusedCodes - 1);
  });
});

describe('misuse (SECURITY D2)', () => {
  it('every other session endpoint answers 403 mfa_required to an IST and changes nothing', async () => {
    const user = await givenMfaUser(ctx, 'd2@example.com');
    const ist = await givenIst(ctx, user.email);
    const userRow = () =>
      ctx.db.selectFrom('users').selectAll().where('id', '=', user.user_id).executeTakeFirstOrThrow();
    const before = { user: await userRow(), mfa: await mfaSnapshot(ctx) };
    const calls = [
      callSdk(ctx, ist, '/users/me', undefined, { method: 'GET' }),
      callSdk(ctx, ist, '/users/me', { untrusted_metadata: { hacked: true } }, { method: 'PUT' }),
      callSdk(ctx, ist, '/sessions/authenticate', { session_duration_minutes: 60 }),
      callSdk(ctx, ist, '/sessions/revoke'),
      callSdk(ctx, ist, '/totps/recovery_codes'),
      callSdk(ctx, ist, `/users/totps/${user.totp_id}`, undefined, { method: 'DELETE' }),
      callSdk(ctx, ist, '/webauthn/register/start', { domain: 'localhost' }),
      callSdk(ctx, ist, '/otps/email/send/secondary', { email: 'other@example.com' }),
    ];
    for (const response of await Promise.all(calls))
      expect(statusAndErrorType(response)).toEqual([403, 'mfa_required']);
    expect({ user: await userRow(), mfa: await mfaSnapshot(ctx) }).toEqual(before);
    // None of that used the IST up; the second factor still completes it, once.
    const done = await authenticateTotp(ctx, ist, currentCode(ctx, user.secret));
    expect(done.statusCode).toBe(200);
    expect(json(done).data.session_token).not.toBe(ist);
    expect(statusAndErrorType(await recoverWith(ctx, ist, user.recovery_codes[0] as string))).toEqual([
      401,
      'intermediate_session_not_found',
    ]);
  });

  it("another user's IST cannot be completed with your code or your recovery code", async () => {
    const mine = await givenMfaUser(ctx, 'attacker@example.com');
    const victim = await givenMfaUser(ctx, 'victim@example.com');
    const ist = await givenIst(ctx, victim.email);
    const before = await mfaSnapshot(ctx);
    const code = currentCode(ctx, mine.secret);
    // (One chance in a million that both apps show the same code now; then this test cannot say anything.)
    if (code === currentCode(ctx, victim.secret)) return;
    expect(statusAndErrorType(await authenticateTotp(ctx, ist, code))).toEqual([401, 'invalid_totp_code']);
    expect(statusAndErrorType(await recoverWith(ctx, ist, mine.recovery_codes[0] as string))).toEqual([
      401,
      'invalid_recovery_code',
    ]);
    expect(await mfaSnapshot(ctx)).toEqual(before);
    expect((await istRow(ctx, ist)).failed_attempts).toBe(2);
  });

  it('an IST lives 10 minutes; an unknown one is refused the same way', async () => {
    const user = await givenMfaUser(ctx, 'expiry@example.com');
    const fresh = await givenIst(ctx, user.email);
    const old = await givenIst(ctx, user.email);
    ctx.clock.advance(9 * 60_000);
    expect((await authenticateTotp(ctx, fresh, currentCode(ctx, user.secret))).statusCode).toBe(200);
    ctx.clock.advance(2 * 60_000);
    expect(statusAndErrorType(await authenticateTotp(ctx, old, currentCode(ctx, user.secret)))).toEqual([
      401,
      'intermediate_session_not_found',
    ]);
    const unknown = `ist-${'A'.repeat(43)}`;
    expect(statusAndErrorType(await authenticateTotp(ctx, unknown, '123456'))).toEqual([
      401,
      'intermediate_session_not_found',
    ]);
    expect(statusAndErrorType(await callSdk(ctx, unknown, '/totps', {}))).toEqual([
      401,
      'intermediate_session_not_found',
    ]);
  });
});

/**
 * Issue 16, "a limit that resets by itself", for the second factor: whoever passed the first
 * factor could mint ISTs at will, five wrong codes each, ten a user every five minutes, forever.
 * Now 100 consecutive failures lock the user's second factor until the owner sets a new password
 * after proving an address (NIST 800-63B §5.2.2).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../../../test/captured-logger.js';
import { givenVerifiedPhone } from '../../../test/given-factors.js';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { authenticateOtp, latestCode, sendOtp } from '../../../test/otp-helpers.js';
import {
  NEW_PASSWORD,
  postPasswords,
  resetPasswordByEmail,
  STRONG_PASSWORD,
} from '../../../test/password-helpers.js';
import { securityEvents, useRecordedTestContext } from '../../../test/password-lock-helpers.js';
import { sessionCountOf } from '../../../test/row-counts.js';
import {
  callOn,
  failSecondFactors,
  givenSecondFactorFailures,
  istFor,
  SECOND_FACTOR_NOTICE_SUBJECT,
  secondFactorLockRows,
  seen,
  storedSecondFactorFailures,
  wrongTotpCode,
} from '../../../test/second-factor-lock-helpers.js';
import { createTestContext, json } from '../../../test/test-app.js';
import {
  authenticateTotp,
  currentCode,
  givenMfaUser,
  istRow,
  mfaSnapshot,
  nextStep,
  recoverWith,
} from '../../../test/totp-helpers.js';
import { SECOND_FACTOR_ATTEMPTS_PER_USER, SECOND_FACTOR_CAP } from './mfa-policy.js';
import { SECOND_FACTOR_LOCKED_MESSAGE } from './second-factor-lock.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = SECOND_FACTOR_ATTEMPTS_PER_USER.windowSeconds * 1000;

/** What every attempt gets once the user is at the cap: 429 without Retry-After, and what to do. */
const LOCKED = {
  status: 429,
  error_type: 'too_many_requests',
  error_message: SECOND_FACTOR_LOCKED_MESSAGE,
  retry_after: undefined,
};

const { ctx, recorder, log } = useRecordedTestContext({ devProject: { mfaRequired: true } });

const notices = (email: string) =>
  recorder.sent.filter((message) => message.to === email && message.subject === SECOND_FACTOR_NOTICE_SUBJECT);
const failuresOf = (userId: string) => storedSecondFactorFailures(ctx, userId);

describe('100 consecutive wrong codes across many ISTs', () => {
  let user: Awaited<ReturnType<typeof givenMfaUser>>;
  let bystander: Awaited<ReturnType<typeof givenMfaUser>>;
  let bystanderBefore: Awaited<ReturnType<typeof bystanderRows>>;
  const bystanderRows = async () => ({
    totps: await ctx.db.selectFrom('totps').selectAll().where('user_id', '=', bystander.user_id).execute(),
    codes: await ctx.db
      .selectFrom('totp_recovery_codes')
      .select(['id', 'used_at'])
      .where('totp_id', '=', bystander.totp_id)
      .orderBy('id')
      .execute(),
    failures: await failuresOf(bystander.user_id),
    locks: await secondFactorLockRows(ctx, bystander.user_id),
  });

  beforeAll(async () => {
    user = await givenMfaUser(ctx, 'capped@example.com');
    bystander = await givenMfaUser(ctx, 'bystander@example.com');
  });

  it('the 100th wrong code, on the 20th IST, locks the second factor and says what to do', async () => {
    bystanderBefore = await bystanderRows();
    const answers = (await failSecondFactors(ctx, user, SECOND_FACTOR_CAP)).map(seen);
    // Before the cap: the usual answers (the fifth on each IST ends it).
    answers.slice(0, -1).forEach((answer, i) => {
      if (i % 5 === 4) expect(answer).toMatchObject({ status: 429, error_type: 'too_many_requests' });
      else expect(answer.status).toBe(401);
      expect(answer.error_message).not.toBe(SECOND_FACTOR_LOCKED_MESSAGE);
    });
    expect(answers.at(-1)).toEqual(LOCKED);
    expect(await failuresOf(user.user_id)).toBe(SECOND_FACTOR_CAP);
    expect(await secondFactorLockRows(ctx, user.user_id)).toEqual([
      expect.objectContaining({ project_id: ctx.dev.project.id, unlocked_at: null, unlock_reason: null }),
    ]);
  });

  it('the right code and a right recovery code are then refused without being checked, also after 30 days', async () => {
    const sessions = await sessionCountOf(ctx, user.user_id);
    for (const wait of [WINDOW_MS, 30 * DAY_MS]) {
      ctx.clock.advance(wait);
      const ist = await istFor(ctx, user.email);
      const before = await mfaSnapshot(ctx);
      expect(seen(await authenticateTotp(ctx, ist, currentCode(ctx, user.secret)))).toEqual(LOCKED);
      expect(seen(await recoverWith(ctx, ist, user.recovery_codes[0] as string))).toEqual(LOCKED);
      // Unchecked: no time step accepted, no recovery code used, nothing counted on the IST.
      expect(await mfaSnapshot(ctx)).toEqual(before);
      expect((await istRow(ctx, ist)).failed_attempts).toBe(0);
    }
    expect(await sessionCountOf(ctx, user.user_id)).toBe(sessions);
    expect(await failuresOf(user.user_id)).toBe(SECOND_FACTOR_CAP);
  });

  it('the owner was told once, plainly, with no link, token or code', () => {
    const [notice, ...more] = notices(user.email);
    expect(more).toEqual([]);
    expect(notice?.text).toContain('someone else knows your password');
    expect(notice?.text).toContain('Forgot password?');
    expect(notice?.html).toContain('Forgot password?');
    for (const part of [notice?.subject, notice?.text, notice?.html]) {
      expect(part).not.toMatch(/https?:|token|code is/i);
      expect(part).not.toContain(STRONG_PASSWORD);
      expect(part).not.toContain(user.secret);
      for (const code of user.recovery_codes) expect(part).not.toContain(code);
    }
  });

  it('the lock is a logged security event naming the user, never an address or a secret', () => {
    const locked = securityEvents(log.lines, 'second_factor_locked');
    expect(locked).toEqual([
      expect.objectContaining({
        level: 40,
        user_id: user.user_id,
        project_id: ctx.dev.project.id,
        lockout_id: expect.stringMatching(/^second-factor-lockout-test-/),
      }),
    ]);
    for (const line of log.raw) {
      expect(line).not.toContain(user.email);
      expect(line).not.toContain(user.secret);
      for (const code of user.recovery_codes) expect(line).not.toContain(code);
    }
  });

  it('nothing about another user changed: they complete their sign-in as before', async () => {
    expect(await bystanderRows()).toEqual(bystanderBefore);
    ctx.clock.advance(WINDOW_MS);
    const ist = await istFor(ctx, bystander.email);
    expect((await authenticateTotp(ctx, ist, currentCode(ctx, bystander.secret))).statusCode).toBe(200);
    expect(notices(bystander.email)).toEqual([]);
  });

  it('a new password from the existing one does not end it (the password is what was guessed past)', async () => {
    const pending = await istFor(ctx, user.email);
    const changed = await postPasswords(ctx, '/passwords/existing_password/reset', {
      email: user.email,
      existing_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const ist = json(changed).data.intermediate_session_token as string;
    expect(seen(await authenticateTotp(ctx, ist, currentCode(ctx, user.secret)))).toEqual(LOCKED);
    expect(await secondFactorLockRows(ctx, user.user_id)).toEqual([
      expect.objectContaining({ unlocked_at: null }),
    ]);
    // The IST the old password bought ended with it.
    expect(seen(await authenticateTotp(ctx, pending, currentCode(ctx, user.secret)))).toMatchObject({
      status: 401,
      error_type: 'intermediate_session_not_found',
    });
  });

  it('a completed reset by email ends it: older ISTs end, the right code signs in, the end is logged', async () => {
    ctx.clock.advance(WINDOW_MS);
    const older = await istFor(ctx, user.email, { password: NEW_PASSWORD });
    const done = await resetPasswordByEmail(ctx, user.email, STRONG_PASSWORD);
    expect(done.statusCode).toBe(200);
    const ist = json(done).data.intermediate_session_token as string;
    // An IST the old password bought cannot be completed any more, even with the right code.
    expect(seen(await authenticateTotp(ctx, older, currentCode(ctx, user.secret)))).toMatchObject({
      status: 401,
      error_type: 'intermediate_session_not_found',
    });
    expect((await authenticateTotp(ctx, ist, currentCode(ctx, user.secret))).statusCode).toBe(200);
    expect(await failuresOf(user.user_id)).toBeUndefined();
    const [row] = await secondFactorLockRows(ctx, user.user_id);
    expect(row).toMatchObject({ unlock_reason: 'password_reset_by_email', unlocked_at: ctx.clock.now() });
    expect(securityEvents(log.lines, 'second_factor_unlocked')).toEqual([
      expect.objectContaining({
        level: 30,
        user_id: user.user_id,
        lockout_id: row?.id,
        unlock_reason: 'password_reset_by_email',
      }),
    ]);
    // The count starts again: one wrong code is a plain 401.
    nextStep(ctx);
    ctx.clock.advance(WINDOW_MS);
    const next = await istFor(ctx, user.email);
    expect(
      seen(await authenticateTotp(ctx, next, wrongTotpCode(user.secret, ctx.clock.now()))),
    ).toMatchObject({
      status: 401,
      error_type: 'invalid_totp_code',
    });
    expect(await failuresOf(user.user_id)).toBe(1);
    expect(notices(user.email)).toHaveLength(1);
  });
});

describe('what counts', () => {
  it('a right code before the cap starts the count again: 99 wrong, right, 99 wrong, right', async () => {
    const user = await givenMfaUser(ctx, 'resets@example.com');
    for (let round = 0; round < 2; round += 1) {
      const answers = await failSecondFactors(ctx, user, SECOND_FACTOR_CAP - 1);
      expect(answers.map((answer) => answer.statusCode)).not.toContain(200);
      expect(await failuresOf(user.user_id)).toBe(SECOND_FACTOR_CAP - 1);
      ctx.clock.advance(WINDOW_MS);
      nextStep(ctx);
      const ist = await istFor(ctx, user.email);
      expect((await authenticateTotp(ctx, ist, currentCode(ctx, user.secret))).statusCode).toBe(200);
      expect(await failuresOf(user.user_id)).toBeUndefined();
    }
    expect(await secondFactorLockRows(ctx, user.user_id)).toEqual([]);
    expect(notices(user.email)).toEqual([]);
  });

  it('wrong step-up codes with a session count too, and a session cannot step up past the cap', async () => {
    const user = await givenMfaUser(ctx, 'step-up@example.com');
    await givenSecondFactorFailures(ctx, user.user_id, SECOND_FACTOR_CAP - 1);
    ctx.clock.advance(WINDOW_MS);
    const stepUp = (code: string) =>
      callOn(ctx, ctx.app, user.session_token, '/totps/authenticate', { totp_code: code });
    expect(seen(await stepUp(wrongTotpCode(user.secret, ctx.clock.now())))).toEqual(LOCKED);
    nextStep(ctx);
    expect(seen(await stepUp(currentCode(ctx, user.secret)))).toEqual(LOCKED);
    expect(await secondFactorLockRows(ctx, user.user_id)).toHaveLength(1);
    expect(notices(user.email)).toHaveLength(1);
  });

  it('ten wrong codes at once across five ISTs at 95: exactly five counted, one lock, one notice', async () => {
    const user = await givenMfaUser(ctx, 'at-once@example.com');
    await givenSecondFactorFailures(ctx, user.user_id, SECOND_FACTOR_CAP - 5);
    ctx.clock.advance(WINDOW_MS);
    const ists = [];
    for (let i = 0; i < 5; i += 1) ists.push(await istFor(ctx, user.email));
    const wrong = wrongTotpCode(user.secret, ctx.clock.now());
    const answers = await Promise.all(
      [...ists, ...ists].map((ist) => callOn(ctx, ctx.app, ist, '/totps/authenticate', { totp_code: wrong })),
    );
    const kinds = answers
      .map(seen)
      .map((answer) => (answer.error_message === LOCKED.error_message ? 'locked' : answer.status));
    expect(kinds.filter((kind) => kind === 401)).toHaveLength(4);
    expect(kinds.filter((kind) => kind === 'locked')).toHaveLength(6);
    expect(await failuresOf(user.user_id)).toBe(SECOND_FACTOR_CAP);
    const counted = await Promise.all(ists.map(async (ist) => (await istRow(ctx, ist)).failed_attempts));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await secondFactorLockRows(ctx, user.user_id)).toHaveLength(1);
    expect(notices(user.email)).toHaveLength(1);
    expect(
      securityEvents(log.lines, 'second_factor_locked').filter((line) => line.user_id === user.user_id),
    ).toHaveLength(1);
  });
});

describe('an SMS code completing an IST', () => {
  it('is counted, and refused unchecked past the cap', async () => {
    const email = 'sms-capped@example.com';
    const created = json(await postPasswords(ctx, '/passwords', { email, password: STRONG_PASSWORD })).data;
    const phone = '+14155550199';
    await givenVerifiedPhone(ctx, {
      id: 'phone-number-test-00000000-0000-4000-8000-000000000199',
      userId: created.user_id,
      phoneNumber: phone,
    });
    await givenSecondFactorFailures(ctx, created.user_id, SECOND_FACTOR_CAP - 1);
    ctx.clock.advance(WINDOW_MS);
    const ist = await istFor(ctx, email);
    const sent = await sendOtp(ctx, 'sms', phone, { endpoint: 'send/secondary', sessionToken: ist });
    expect(sent.statusCode).toBe(200);
    const methodId = json(sent).data.phone_id as string;
    const code = await latestCode(ctx, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(seen(await authenticateOtp(ctx, wrong, methodId, { sessionToken: ist }))).toEqual(LOCKED);
    const codeRow = () =>
      ctx.db
        .selectFrom('otp_codes')
        .select(['attempts', 'consumed_at'])
        .where('method_id', '=', methodId)
        .execute();
    const before = await codeRow();
    expect(seen(await authenticateOtp(ctx, code, methodId, { sessionToken: ist }))).toEqual(LOCKED);
    expect(await codeRow()).toEqual(before);
    expect(await sessionCountOf(ctx, created.user_id)).toBe(0);
    expect(notices(email)).toHaveLength(1);
  });
});

describe('ending it from a session', () => {
  const sessionReset = (token: string, password: string) =>
    postPasswords(ctx, '/passwords/session/reset', { password }, { sessionToken: token });
  /** Brings the user to the cap with one real failure on top of 99 counted ones. */
  const lock = async (user: { user_id: string; email: string; secret: string }) => {
    await givenSecondFactorFailures(ctx, user.user_id, SECOND_FACTOR_CAP - 1);
    const [answer] = await failSecondFactors(ctx, user, 1);
    expect(seen(answer as never)).toEqual(LOCKED);
  };

  it('a session that signed in by email link (and code, before the lock) sets a new password: the lock ends', async () => {
    const user = await givenMfaUser(ctx, 'by-link-session@example.com');
    // The owner's own sign-in by link and code, before anything happened.
    expect((await requestMagicLink(ctx, user.email)).statusCode).toBe(200);
    const linked = await authenticateMagicLink(ctx, await latestToken(ctx, user.email));
    const linkIst = json(linked).data.intermediate_session_token as string;
    const owner = await authenticateTotp(ctx, linkIst, currentCode(ctx, user.secret));
    expect(owner.statusCode).toBe(200);
    nextStep(ctx);
    await lock(user);
    const pending = await istFor(ctx, user.email);
    expect((await sessionReset(json(owner).data.session_token, NEW_PASSWORD)).statusCode).toBe(200);
    // The IST the old password bought ended; a new one completes with the right code.
    expect(seen(await authenticateTotp(ctx, pending, currentCode(ctx, user.secret)))).toMatchObject({
      status: 401,
      error_type: 'intermediate_session_not_found',
    });
    const ist = await istFor(ctx, user.email, { password: NEW_PASSWORD });
    expect((await authenticateTotp(ctx, ist, currentCode(ctx, user.secret))).statusCode).toBe(200);
    expect(await secondFactorLockRows(ctx, user.user_id)).toEqual([
      expect.objectContaining({ unlock_reason: 'password_set_after_email_sign_in' }),
    ]);
  });

  it('a session that proved no address (password and code) may change the password, but the lock stays', async () => {
    const user = await givenMfaUser(ctx, 'by-password-session@example.com');
    await lock(user);
    expect((await sessionReset(user.session_token, NEW_PASSWORD)).statusCode).toBe(200);
    ctx.clock.advance(WINDOW_MS);
    const ist = await istFor(ctx, user.email, { password: NEW_PASSWORD });
    expect(seen(await authenticateTotp(ctx, ist, currentCode(ctx, user.secret)))).toEqual(LOCKED);
    expect(await secondFactorLockRows(ctx, user.user_id)).toEqual([
      expect.objectContaining({ unlocked_at: null }),
    ]);
  });
});

it("an operator's documented SQL ends a lock (for a user with no address to reset by)", async () => {
  const user = await givenMfaUser(ctx, 'by-operator@example.com');
  await givenSecondFactorFailures(ctx, user.user_id, SECOND_FACTOR_CAP - 1);
  expect(seen((await failSecondFactors(ctx, user, 1))[0] as never)).toEqual(LOCKED);
  await ctx.db.transaction().execute(async (trx) => {
    await sql`delete from second_factor_failures where user_id = ${user.user_id}`.execute(trx);
    await sql`update second_factor_lockouts set unlocked_at = now(), unlock_reason = 'operator'
      where user_id = ${user.user_id} and unlocked_at is null`.execute(trx);
  });
  ctx.clock.advance(WINDOW_MS);
  nextStep(ctx);
  const ist = await istFor(ctx, user.email);
  expect((await authenticateTotp(ctx, ist, currentCode(ctx, user.secret))).statusCode).toBe(200);
  expect(await secondFactorLockRows(ctx, user.user_id)).toEqual([
    expect.objectContaining({ unlock_reason: 'operator' }),
  ]);
});

it('a failed delivery of the notice is logged, and the caller still gets the lock answer', async () => {
  const failingLog = capturedLogger();
  const failing = await createTestContext({
    devProject: { mfaRequired: true },
    logger: failingLog.logger,
    mailer: {
      async send(message) {
        if (message.subject === SECOND_FACTOR_NOTICE_SUBJECT) throw new Error('smtp down');
      },
    },
  });
  try {
    const user = await givenMfaUser(failing, 'smtp-down@example.com');
    await givenSecondFactorFailures(failing, user.user_id, SECOND_FACTOR_CAP - 1);
    const [answer] = await failSecondFactors(failing, user, 1);
    expect(seen(answer as never)).toEqual(LOCKED);
  } finally {
    await failing.close();
  }
  expect(failingLog.lines.filter((line) => line.msg === 'second-factor lock notice not delivered')).toEqual([
    expect.objectContaining({ level: 50, security_event: 'second_factor_locked' }),
  ]);
});

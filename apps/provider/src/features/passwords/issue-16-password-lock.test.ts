/**
 * Issue 16 item 3: the hard cap on failed password logins no longer lapses. Past the cap the
 * account's password sign-in stays off until the owner proves control of an address (SECURITY A4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../../../test/captured-logger.js';
import { givenVerifiedEmail } from '../../../test/given-factors.js';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { givenCodeSent } from '../../../test/otp-helpers.js';
import {
  givenPasswordUser,
  NEW_PASSWORD,
  postPasswords,
  resetPasswordByEmail,
  STRONG_PASSWORD,
} from '../../../test/password-helpers.js';
import {
  failLogins,
  LOCK_NOTICE_SUBJECT,
  passwordLockRows,
  passwordLogin,
  REFUSED_LOGIN,
  reachHardCap,
  securityEvents,
  useRecordedTestContext,
  visible,
  WRONG_PASSWORD,
} from '../../../test/password-lock-helpers.js';
import { sessionCountOf } from '../../../test/row-counts.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { createTestContext, json, type TestContext } from '../../../test/test-app.js';
import { sha256Base64url } from '../../crypto/hash.js';
import { MailDeliveryError } from '../../email/mailer.js';
import { HARD_CAP } from './password-policy.js';
import { findPassword } from './passwords.repository.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const { ctx, recorder, log } = useRecordedTestContext();

const lockNotices = (email: string) =>
  recorder.sent.filter((message) => message.to === email && message.subject === LOCK_NOTICE_SUBJECT);
const lockRows = (userId: string) => passwordLockRows(ctx, userId);
const sessionReset = (token: string, password: string) =>
  postPasswords(ctx, '/passwords/session/reset', { password }, { sessionToken: token });
/** Sets the account counter of `email` as if it had `failures` consecutive failures just now. */
const givenFailures = (email: string, failures: number, context: TestContext = ctx) =>
  context.db
    .insertInto('login_failures')
    .values({
      project_id: context.dev.project.id,
      scope: 'password_login.account',
      key_hash: sha256Base64url(email),
      failures,
      locked_until: null,
      last_failure_at: context.clock.now(),
    })
    .execute();

describe('past the hard cap', () => {
  let ownerId: string;
  beforeAll(async () => {
    ownerId = (await givenPasswordUser(ctx, 'lapse@example.com')).user_id;
  });

  it('the right password stays refused after 13 hours and after 30 days idle, like an address without an account', async () => {
    const steps = async (email: string) => {
      await reachHardCap(ctx, email);
      const seen = [visible(await passwordLogin(ctx, email, STRONG_PASSWORD))];
      ctx.clock.advance(13 * HOUR_MS);
      seen.push(visible(await passwordLogin(ctx, email, STRONG_PASSWORD)));
      ctx.clock.advance(30 * DAY_MS);
      // The delays start over like for any address (the counter's 12 h window); the lock does not.
      for (let i = 0; i < 6; i += 1) seen.push(visible(await passwordLogin(ctx, email, STRONG_PASSWORD)));
      return seen;
    };
    const known = await steps('lapse@example.com');
    expect(known.slice(0, 7)).toEqual(Array(7).fill(REFUSED_LOGIN));
    expect(known[7]).toMatchObject({ status: 429, error_type: 'too_many_requests', retry_after: '30' });
    expect(await steps('lapse-ghost@example.com')).toEqual(known);
    // No session was created past the sign-up's.
    expect(await sessionCountOf(ctx, ownerId)).toBe(1);
    expect(await lockRows(ownerId)).toEqual([
      expect.objectContaining({ project_id: ctx.dev.project.id, unlocked_at: null, unlock_reason: null }),
    ]);
  });

  it('the owner was told once, when the lock started; an address without an account gets nothing', async () => {
    const [notice, ...more] = lockNotices('lapse@example.com');
    expect(more).toEqual([]);
    expect(notice?.text).toContain(`${HARD_CAP} times in a row`);
    expect(notice?.text).toContain('Forgot password?');
    expect(notice?.html).toContain('Forgot password?');
    // It carries no link and no secret.
    for (const part of [notice?.subject, notice?.text, notice?.html]) {
      expect(part).not.toMatch(/https?:|token|code is/i);
      expect(part).not.toContain(STRONG_PASSWORD);
      expect(part).not.toContain(WRONG_PASSWORD);
    }
    expect(recorder.sent.filter((message) => message.to === 'lapse-ghost@example.com')).toEqual([]);
  });

  it('the lock is a logged security event naming the user, never the address or a password', () => {
    const locked = securityEvents(log.lines, 'password_login_locked');
    expect(locked).toEqual([
      expect.objectContaining({ level: 40, user_id: ownerId, project_id: ctx.dev.project.id }),
    ]);
    expect(JSON.stringify(locked)).not.toContain('lapse@example.com');
    for (const line of log.raw) {
      expect(line).not.toContain(STRONG_PASSWORD);
      expect(line).not.toContain(WRONG_PASSWORD);
    }
  });

  it('a reset with the existing password is refused like a wrong password and does not end the lock', async () => {
    const before = (await findPassword(ctx.db, ownerId))?.hash;
    ctx.clock.advance(13 * HOUR_MS);
    const response = await postPasswords(ctx, '/passwords/existing_password/reset', {
      email: 'lapse@example.com',
      existing_password: STRONG_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(visible(response)).toEqual(REFUSED_LOGIN);
    expect((await findPassword(ctx.db, ownerId))?.hash).toBe(before);
    ctx.clock.advance(13 * HOUR_MS);
    expect(visible(await passwordLogin(ctx, 'lapse@example.com', STRONG_PASSWORD))).toEqual(REFUSED_LOGIN);
    expect(visible(await passwordLogin(ctx, 'lapse@example.com', NEW_PASSWORD))).toEqual(REFUSED_LOGIN);
  });

  it('a completed reset by email ends the lock: the new password signs in, and the end is logged', async () => {
    ctx.clock.advance(13 * HOUR_MS);
    const done = await resetPasswordByEmail(ctx, 'lapse@example.com', NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect((await passwordLogin(ctx, 'lapse@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    // The counter went with the lock: one wrong password is a plain 401, not a delay.
    expect(visible(await passwordLogin(ctx, 'lapse@example.com', WRONG_PASSWORD))).toEqual(REFUSED_LOGIN);
    expect((await passwordLogin(ctx, 'lapse@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await lockRows(ownerId);
    expect(row).toMatchObject({ unlock_reason: 'password_reset_by_email', unlocked_at: ctx.clock.now() });
    expect(securityEvents(log.lines, 'password_login_unlocked')).toEqual([
      expect.objectContaining({
        level: 30,
        user_id: ownerId,
        project_id: ctx.dev.project.id,
        unlock_reason: 'password_reset_by_email',
      }),
    ]);
    expect(lockNotices('lapse@example.com')).toHaveLength(1);
  });
});

describe('ending the lock from a session', () => {
  it('a magic-link sign-in, then a new password from that session, ends the lock', async () => {
    const { user_id } = await givenPasswordUser(ctx, 'by-link@example.com');
    await reachHardCap(ctx, 'by-link@example.com');
    ctx.clock.advance(13 * HOUR_MS);
    expect(visible(await passwordLogin(ctx, 'by-link@example.com', STRONG_PASSWORD))).toEqual(REFUSED_LOGIN);
    const signedIn = await givenSignedInUser(ctx, 'by-link@example.com');
    expect(signedIn.user_id).toBe(user_id);
    // The signed-in owner's app can see that the password must be replaced.
    expect(signedIn.user.password).toMatchObject({ requires_reset: true });
    expect((await sessionReset(signedIn.session_token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await passwordLogin(ctx, 'by-link@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await lockRows(user_id)).toEqual([
      expect.objectContaining({ unlock_reason: 'password_set_after_email_sign_in' }),
    ]);
  });

  it('an email-code sign-in, then a new password from that session, ends the lock', async () => {
    const { user_id } = await givenPasswordUser(ctx, 'by-code@example.com');
    await reachHardCap(ctx, 'by-code@example.com');
    ctx.clock.advance(30 * DAY_MS);
    expect(visible(await passwordLogin(ctx, 'by-code@example.com', STRONG_PASSWORD))).toEqual(REFUSED_LOGIN);
    const sent = await givenCodeSent(ctx, 'email', 'by-code@example.com');
    const signedIn = await sdkPost(ctx, '/otps/authenticate', {
      token: sent.code,
      method_id: sent.method_id,
      session_duration_minutes: 60,
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await sessionReset(json(signedIn).data.session_token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await passwordLogin(ctx, 'by-code@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await lockRows(user_id)).toEqual([
      expect.objectContaining({ unlock_reason: 'password_set_after_email_sign_in' }),
    ]);
  });

  it('a session that did not prove the address (the password sign-in before the lock) changes nothing', async () => {
    const created = await givenPasswordUser(ctx, 'by-old-session@example.com');
    await givenFailures('by-old-session@example.com', HARD_CAP - 1);
    expect(visible(await passwordLogin(ctx, 'by-old-session@example.com', WRONG_PASSWORD))).toEqual(
      REFUSED_LOGIN,
    );
    const before = (await findPassword(ctx.db, created.user_id))?.hash;
    const refused = await sessionReset(created.session_token, NEW_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error_type).toBe('reset_password');
    expect(json(refused).error_message).toContain('sign in with a link or code sent to your email');
    expect((await findPassword(ctx.db, created.user_id))?.hash).toBe(before);
    // No "password changed" notice: nothing was changed.
    expect(recorder.sent.filter((message) => message.to === 'by-old-session@example.com')).toEqual(
      lockNotices('by-old-session@example.com'),
    );
    ctx.clock.advance(13 * HOUR_MS);
    expect(visible(await passwordLogin(ctx, 'by-old-session@example.com', STRONG_PASSWORD))).toEqual(
      REFUSED_LOGIN,
    );
    expect(visible(await passwordLogin(ctx, 'by-old-session@example.com', NEW_PASSWORD))).toEqual(
      REFUSED_LOGIN,
    );
  });
});

describe('one notice, whatever the concurrency', () => {
  it('ten attempts at once at the cap: all refused alike, one lock, one notice', async () => {
    const { user_id } = await givenPasswordUser(ctx, 'at-once@example.com');
    await givenFailures('at-once@example.com', HARD_CAP - 1);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => passwordLogin(ctx, 'at-once@example.com', WRONG_PASSWORD)),
    );
    expect(responses.map(visible)).toEqual(Array(10).fill(REFUSED_LOGIN));
    expect(await lockRows(user_id)).toHaveLength(1);
    expect(lockNotices('at-once@example.com')).toHaveLength(1);
  });

  it('two addresses of one account reaching the cap together lock it once and tell each address once', async () => {
    const { user_id } = await givenPasswordUser(ctx, 'first-of-two@example.com');
    await givenVerifiedEmail(ctx, user_id, 'second-of-two@example.com');
    await givenFailures('first-of-two@example.com', HARD_CAP - 1);
    await givenFailures('second-of-two@example.com', HARD_CAP - 1);
    const lockedBefore = securityEvents(log.lines, 'password_login_locked').length;
    const responses = await Promise.all(
      ['first-of-two@example.com', 'second-of-two@example.com', 'first-of-two@example.com'].map((email) =>
        passwordLogin(ctx, email, WRONG_PASSWORD),
      ),
    );
    expect(responses.map(visible)).toEqual(Array(3).fill(REFUSED_LOGIN));
    expect(await lockRows(user_id)).toHaveLength(1);
    expect(lockNotices('first-of-two@example.com')).toHaveLength(1);
    expect(lockNotices('second-of-two@example.com')).toHaveLength(1);
    expect(securityEvents(log.lines, 'password_login_locked')).toHaveLength(lockedBefore + 1);
    // The lock is the account's: the password is off under either address.
    ctx.clock.advance(13 * HOUR_MS);
    expect(visible(await passwordLogin(ctx, 'second-of-two@example.com', STRONG_PASSWORD))).toEqual(
      REFUSED_LOGIN,
    );
  });
});

it('an address whose counter reached the cap before it had an account can be registered and used', async () => {
  await reachHardCap(ctx, 'registered-later@example.com');
  const { user_id } = await givenPasswordUser(ctx, 'registered-later@example.com');
  expect((await passwordLogin(ctx, 'registered-later@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  expect(await lockRows(user_id)).toEqual([]);
  expect(lockNotices('registered-later@example.com')).toEqual([]);
});

it('a failed delivery of the lock notice is logged, and the caller still sees the plain 401', async () => {
  const failingLog = capturedLogger();
  const failing = await createTestContext({
    logger: failingLog.logger,
    mailer: {
      async send() {
        throw new MailDeliveryError('smtp down');
      },
    },
  });
  try {
    const { user_id } = await givenPasswordUser(failing, 'smtp-down-lock@example.com');
    await givenFailures('smtp-down-lock@example.com', HARD_CAP - 1, failing);
    await failLogins(failing, 'smtp-down-lock@example.com', 1);
    expect(visible(await passwordLogin(failing, 'smtp-down-lock@example.com', STRONG_PASSWORD))).toEqual(
      REFUSED_LOGIN,
    );
    expect(await failing.db.selectFrom('password_lockouts').selectAll().execute()).toEqual([
      expect.objectContaining({ user_id, unlocked_at: null }),
    ]);
  } finally {
    // Closing waits for the notice in flight, so its failure is logged by now.
    await failing.close();
  }
  expect(failingLog.lines.filter((line) => line.msg === 'password lock notice not delivered')).toEqual([
    expect.objectContaining({ level: 50, security_event: 'password_login_locked' }),
  ]);
});

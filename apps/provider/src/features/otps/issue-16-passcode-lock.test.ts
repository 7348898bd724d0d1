/**
 * Issue 16, "a limit that resets by itself", for passcode sign-in: each code allows five tries and
 * the send limits a few codes per quarter hour, which left about 2,400 guesses a day at anyone's
 * email or phone sign-in, for ever. Now 100 consecutive wrong codes for one address or number lock
 * passcode sign-in to it until its owner proves control another way (an email link), unknown
 * addresses alike (NIST 800-63B §5.2.2; SECURITY E3).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { authenticateOtp, givenCodeSent, latestCode, sendOtp, wrongCode } from '../../../test/otp-helpers.js';
import { resetLinksFor, STRONG_PASSWORD, startReset } from '../../../test/password-helpers.js';
import { securityEvents, useRecordedTestContext } from '../../../test/password-lock-helpers.js';
import { sessionCountOf } from '../../../test/row-counts.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { seen } from '../../../test/second-factor-lock-helpers.js';
import { drainDeliveries, json } from '../../../test/test-app.js';
import { PASSCODE_CAP } from './otp-policy.js';
import { LOCKED_EVENT, PASSCODE_LOCKED_MESSAGES, UNLOCKED_EVENT } from './passcode-lock.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Four sends per quarter hour stay under the dev project's five; a code lives five minutes. */
const BETWEEN_SENDS_MS = 4 * 60 * 1000;

const lockedAnswer = (channel: 'email' | 'phone') => ({
  status: 429,
  error_type: 'too_many_requests',
  error_message: PASSCODE_LOCKED_MESSAGES[channel],
  retry_after: undefined,
});

const { ctx, recorder, log } = useRecordedTestContext();

const notices = (to: string) =>
  recorder.sent.filter((message) => message.to === to && message.kind === 'passcode_locked_notice');
const failuresOf = async (destination: string) =>
  (
    await ctx.db
      .selectFrom('passcode_failures')
      .select('failures')
      .where('destination', '=', destination)
      .executeTakeFirst()
  )?.failures;

/**
 * Fails `count` consecutive codes for `to` (`send/primary` codes, five wrong tries each, a new
 * code every four minutes). For an address with an account each wrong try is the real code plus
 * one; for one without, no code is sent and any guess is wrong. Returns every answer in order.
 */
async function failCodes(
  channel: 'email' | 'sms' | 'whatsapp',
  to: string,
  count: number,
  known: boolean,
): Promise<Array<ReturnType<typeof seen>>> {
  const answers: Array<ReturnType<typeof seen>> = [];
  while (answers.length < count) {
    ctx.clock.advance(BETWEEN_SENDS_MS);
    const sent = await sendOtp(ctx, channel, to, { endpoint: 'send/primary' });
    expect(sent.statusCode).toBe(200);
    const methodId = json(sent).data.method_id as string;
    // The code (a decoy's too) is issued by the delivery worker.
    await drainDeliveries(ctx);
    const guess = known ? wrongCode(await latestCode(ctx, to)) : '123456';
    for (let i = 0; i < 5 && answers.length < count; i += 1)
      answers.push(seen(await authenticateOtp(ctx, guess, methodId)));
  }
  return answers;
}

/** Brings `to` to `failures` wrong codes in a row straight in the table (the HTTP path is proven once, below). */
async function givenFailures(to: string, failures: number): Promise<void> {
  await ctx.db
    .insertInto('passcode_failures')
    .values({
      project_id: ctx.dev.project_id,
      destination: to,
      failures,
      last_failure_at: ctx.clock.now(),
      locked_at: failures >= PASSCODE_CAP ? ctx.clock.now() : null,
    })
    .execute();
}

describe('100 consecutive wrong codes for one email address', () => {
  const email = 'guessed@example.com';
  let userId: string;

  beforeAll(async () => {
    const first = await givenCodeSent(ctx, 'email', email);
    userId = first.user_id;
    expect((await authenticateOtp(ctx, first.code, first.method_id)).statusCode).toBe(200);
  });

  it('the 100th, on the 20th code, locks passcode sign-in to the address and says what to do', async () => {
    const answers = await failCodes('email', email, PASSCODE_CAP, true);
    answers.slice(0, -1).forEach((answer) => {
      expect(answer.status).toBe(401);
      expect(answer.error_type).toBe('unable_to_auth_otp_code');
    });
    expect(answers.at(-1)).toEqual(lockedAnswer('email'));
    expect(await failuresOf(email)).toBe(PASSCODE_CAP);
  });

  it('tells the owner once and logs the start for the operator', async () => {
    expect(notices(email)).toHaveLength(1);
    expect(notices(email)[0]?.text).toContain(`wrong code ${PASSCODE_CAP} times in a row`);
    // Like the other lock notices it carries no link, token or code.
    expect(notices(email)[0]?.text).not.toMatch(/https?:|\d{6}/);
    const started = securityEvents(log.lines, LOCKED_EVENT);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ project_id: ctx.dev.project_id, user_id: userId, channel: 'email' });
  });

  it('refuses the right code too, leaves it unused and counts nothing more — also a month later', async () => {
    ctx.clock.advance(30 * DAY_MS);
    const sessionsBefore = await sessionCountOf(ctx, userId);
    const sent = await givenCodeSent(ctx, 'email', email, { endpoint: 'send/primary' });
    expect(seen(await authenticateOtp(ctx, sent.code, sent.method_id))).toEqual(lockedAnswer('email'));
    expect(seen(await authenticateOtp(ctx, wrongCode(sent.code), sent.method_id))).toEqual(
      lockedAnswer('email'),
    );
    const code = await ctx.db
      .selectFrom('otp_codes')
      .select('consumed_at')
      .where('method_id', '=', sent.method_id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(code.consumed_at).toBeNull();
    expect(await sessionCountOf(ctx, userId)).toBe(sessionsBefore);
    expect(await failuresOf(email)).toBe(PASSCODE_CAP);
    expect(notices(email)).toHaveLength(1);
  });

  it('ends when the owner signs in with a link emailed to the address; then codes work again', async () => {
    expect((await requestMagicLink(ctx, email)).statusCode).toBe(200);
    expect((await authenticateMagicLink(ctx, await latestToken(ctx, email))).statusCode).toBe(200);
    expect(await failuresOf(email)).toBeUndefined();
    const ended = securityEvents(log.lines, UNLOCKED_EVENT);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ user_id: userId, unlock_reason: 'email_link_sign_in' });
    ctx.clock.advance(BETWEEN_SENDS_MS);
    const sent = await givenCodeSent(ctx, 'email', email, { endpoint: 'send/primary' });
    expect((await authenticateOtp(ctx, sent.code, sent.method_id)).statusCode).toBe(200);
  });
});

describe('the run of failures', () => {
  it('ends at a right code before the cap, so the next wrong one counts from 1', async () => {
    const email = 'careless@example.com';
    const first = await givenCodeSent(ctx, 'email', email);
    await givenFailures(email, PASSCODE_CAP - 1);
    expect((await authenticateOtp(ctx, first.code, first.method_id)).statusCode).toBe(200);
    expect(await failuresOf(email)).toBeUndefined();
    ctx.clock.advance(BETWEEN_SENDS_MS);
    await failCodes('email', email, 1, true);
    expect(await failuresOf(email)).toBe(1);
  });

  it('is ended by a password reset through the emailed link, with the reason logged', async () => {
    const email = 'resetter@example.com';
    const first = await givenCodeSent(ctx, 'email', email);
    expect((await authenticateOtp(ctx, first.code, first.method_id)).statusCode).toBe(200);
    await givenFailures(email, PASSCODE_CAP);
    expect((await startReset(ctx, email)).statusCode).toBe(200);
    const { reset: token } = await resetLinksFor(ctx, email);
    const reset = await sdkPost(ctx, '/passwords/email/reset', {
      token,
      password: STRONG_PASSWORD,
      session_duration_minutes: 60,
    });
    expect(reset.statusCode).toBe(200);
    expect(await failuresOf(email)).toBeUndefined();
    expect(securityEvents(log.lines, UNLOCKED_EVENT).at(-1)).toMatchObject({
      user_id: first.user_id,
      unlock_reason: 'password_reset_by_email',
    });
  });
});

describe('an address without an account', () => {
  it('locks the same way after 100 wrong guesses, and nobody is mailed', async () => {
    const email = 'nobody-here@example.com';
    const answers = await failCodes('email', email, PASSCODE_CAP, false);
    expect(answers.slice(0, -1).every((answer) => answer.status === 401)).toBe(true);
    expect(answers.at(-1)).toEqual(lockedAnswer('email'));
    expect(notices(email)).toHaveLength(0);
    expect(securityEvents(log.lines, LOCKED_EVENT).at(-1)).toMatchObject({ user_id: null });
  });
});

describe('a phone number', () => {
  const phone = '+14155550142';

  it('counts SMS and WhatsApp codes together, and the lock names what to do for a number', async () => {
    const first = await givenCodeSent(ctx, 'sms', phone);
    expect((await authenticateOtp(ctx, first.code, first.method_id)).statusCode).toBe(200);
    await givenFailures(phone, PASSCODE_CAP - 2);
    await failCodes('sms', phone, 1, true);
    const answers = await failCodes('whatsapp', phone, 1, true);
    expect(answers).toEqual([lockedAnswer('phone')]);
    ctx.clock.advance(BETWEEN_SENDS_MS);
    const sent = await givenCodeSent(ctx, 'sms', phone, { endpoint: 'send/primary' });
    expect(seen(await authenticateOtp(ctx, sent.code, sent.method_id))).toEqual(lockedAnswer('phone'));
  });

  it('is not ended by an email link to another address', async () => {
    expect((await requestMagicLink(ctx, 'other-person@example.com')).statusCode).toBe(200);
    expect(
      (await authenticateMagicLink(ctx, await latestToken(ctx, 'other-person@example.com'))).statusCode,
    ).toBe(200);
    expect(await failuresOf(phone)).toBe(PASSCODE_CAP);
  });
});

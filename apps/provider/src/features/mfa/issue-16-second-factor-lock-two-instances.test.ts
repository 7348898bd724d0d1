/**
 * The lasting second-factor cap (issue 16) on two provider instances sharing one PostgreSQL
 * database (SECURITY A8): failures through either count together, racing attempts at the cap
 * are counted exactly, the lock holds on both, and the owner is told once.
 */
import { describe, expect, it } from 'vitest';
import { resetPasswordByEmail, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { securityEvents } from '../../../test/password-lock-helpers.js';
import {
  callOn,
  failSecondFactors,
  istFor,
  SECOND_FACTOR_NOTICE_SUBJECT,
  secondFactorLockRows,
  seen,
  storedSecondFactorFailures,
  wrongTotpCode,
} from '../../../test/second-factor-lock-helpers.js';
import { json } from '../../../test/test-app.js';
import { testDatabaseUrl } from '../../../test/test-database.js';
import { currentCode, givenMfaUser, nextStep } from '../../../test/totp-helpers.js';
import { useTwoInstances } from '../../../test/use-two-instances.js';
import { SECOND_FACTOR_ATTEMPTS_PER_USER, SECOND_FACTOR_CAP } from './mfa-policy.js';
import { SECOND_FACTOR_LOCKED_MESSAGE } from './second-factor-lock.js';

const WINDOW_MS = SECOND_FACTOR_ATTEMPTS_PER_USER.windowSeconds * 1000;

describe.skipIf(!testDatabaseUrl)('two provider instances on one PostgreSQL database', () => {
  const { ctx, second, mail, logs } = useTwoInstances({ devProject: { mfaRequired: true } });

  it('failures through both count together; ten racing at 95 count five; one lock, one notice; a reset on one ends it for both', async () => {
    const user = await givenMfaUser(ctx, 'split-mfa@example.com');
    const apps = [ctx.app, second.app];
    // Each IST is minted and tried on one instance, the next on the other.
    await failSecondFactors(ctx, user, SECOND_FACTOR_CAP - 5, apps);
    expect(await storedSecondFactorFailures(second, user.user_id)).toBe(SECOND_FACTOR_CAP - 5);

    ctx.clock.advance(WINDOW_MS);
    const ists = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => istFor(ctx, user.email, { app: apps[i % 2] as (typeof apps)[number] })),
    );
    const wrong = wrongTotpCode(user.secret, ctx.clock.now());
    const racing = await Promise.all(
      [...ists, ...ists].map((ist, i) =>
        callOn(ctx, apps[i % 2] as (typeof apps)[number], ist, '/totps/authenticate', { totp_code: wrong }),
      ),
    );
    const locked = racing.map(seen).filter((answer) => answer.error_message === SECOND_FACTOR_LOCKED_MESSAGE);
    expect(racing.map((answer) => answer.statusCode).filter((status) => status === 401)).toHaveLength(4);
    expect(locked).toHaveLength(6);
    expect(await storedSecondFactorFailures(ctx, user.user_id)).toBe(SECOND_FACTOR_CAP);

    // The right code is refused on either instance.
    nextStep(ctx);
    for (const app of apps) {
      const ist = await istFor(ctx, user.email, { app });
      const answer = await callOn(ctx, app, ist, '/totps/authenticate', {
        totp_code: currentCode(ctx, user.secret),
      });
      expect(seen(answer)).toMatchObject({ status: 429, error_message: SECOND_FACTOR_LOCKED_MESSAGE });
    }
    const locks = await secondFactorLockRows(ctx, user.user_id);
    expect(locks).toHaveLength(1);
    const lockedEvents = [
      ...securityEvents(logs[0].lines, 'second_factor_locked'),
      ...securityEvents(logs[1].lines, 'second_factor_locked'),
    ];
    expect(lockedEvents).toEqual([
      expect.objectContaining({ user_id: user.user_id, lockout_id: locks[0]?.id }),
    ]);
    const notices = [...mail[0].sent, ...mail[1].sent].filter(
      (message) => message.subject === SECOND_FACTOR_NOTICE_SUBJECT,
    );
    expect(notices.map((message) => message.to)).toEqual([user.email]);

    // A reset by email completed on one instance ends it for both.
    const done = await resetPasswordByEmail(ctx, user.email, STRONG_PASSWORD, { app: second.app });
    expect(done.statusCode).toBe(200);
    expect(json(done).data.intermediate_session_token).toMatch(/^ist-/);
    ctx.clock.advance(WINDOW_MS);
    const ist = await istFor(ctx, user.email, { app: ctx.app });
    const answer = await callOn(ctx, ctx.app, ist, '/totps/authenticate', {
      totp_code: currentCode(ctx, user.secret),
    });
    expect(answer.statusCode).toBe(200);
    expect(securityEvents(logs[1].lines, 'second_factor_unlocked')).toEqual([
      expect.objectContaining({ user_id: user.user_id, unlock_reason: 'password_reset_by_email' }),
    ]);
  });
});

/**
 * Issue 16 item 2 on a project that requires MFA: the SMS code an IST asked for completes that
 * sign-in and nothing else; a sign-in code is no second factor.
 */
import { describe, expect, it } from 'vitest';
import { givenVerifiedPhone } from '../../../test/given-factors.js';
import { authenticateOtp, latestCode, otpSnapshot, sendOtp } from '../../../test/otp-helpers.js';
import { postPasswords, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { givenIst } from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext({ devProject: { mfaRequired: true } });

let phones = 0;
/** A password user whose verified phone is the only second factor; returns a fresh IST too. */
async function givenSmsUser(email: string) {
  phones += 1;
  const phone = `+1415555${String(phones).padStart(4, '0')}`;
  const created = json(await postPasswords(ctx, '/passwords', { email, password: STRONG_PASSWORD })).data;
  await givenVerifiedPhone(ctx, {
    id: `phone-number-test-00000000-0000-4000-8000-${String(phones).padStart(12, '0')}`,
    userId: created.user_id,
    phoneNumber: phone,
  });
  return { phone, userId: created.user_id as string, ist: await givenIst(ctx, email) };
}

/** Everything a refused attempt must leave alone. */
const snapshot = async () => ({
  ...(await otpSnapshot(ctx)),
  ...(await rowCounts(ctx, ['intermediate_sessions'])),
  codes: await ctx.db
    .selectFrom('otp_codes')
    .select(['id', 'attempts', 'consumed_at'])
    .orderBy('id')
    .execute(),
  ists: await ctx.db
    .selectFrom('intermediate_sessions')
    .select(['id', 'failed_attempts'])
    .orderBy('id')
    .execute(),
});

describe('an SMS code as the second factor', () => {
  it('the code the IST asked for completes that sign-in (with both factors)', async () => {
    const user = await givenSmsUser('sms-ok@example.com');
    const sent = await sendOtp(ctx, 'sms', user.phone, {
      endpoint: 'send/secondary',
      sessionToken: user.ist,
    });
    expect(sent.statusCode).toBe(200);
    const response = await authenticateOtp(
      ctx,
      await latestCode(ctx, user.phone),
      json(sent).data.method_id,
      {
        sessionToken: user.ist,
      },
    );
    expect(response.statusCode).toBe(200);
    const factors = json(response).data.session.authentication_factors.map((f: { type: string }) => f.type);
    expect(factors).toEqual(['password', 'otp']);
  });

  it('without the IST it signs nobody in, and nothing is spent', async () => {
    const user = await givenSmsUser('sms-alone@example.com');
    const sent = await sendOtp(ctx, 'sms', user.phone, {
      endpoint: 'send/secondary',
      sessionToken: user.ist,
    });
    const code = await latestCode(ctx, user.phone);
    const before = await snapshot();
    const alone = await authenticateOtp(ctx, code, json(sent).data.method_id);
    expect(statusAndErrorType(alone)).toEqual([401, 'unable_to_auth_otp_code']);
    expect(await snapshot()).toEqual(before);
    const done = await authenticateOtp(ctx, code, json(sent).data.method_id, { sessionToken: user.ist });
    expect(done.statusCode).toBe(200);
  });

  it("another user's IST cannot use it: nothing is counted on the code", async () => {
    const user = await givenSmsUser('sms-victim@example.com');
    const other = await givenSmsUser('sms-other@example.com');
    const sent = await sendOtp(ctx, 'sms', user.phone, {
      endpoint: 'send/secondary',
      sessionToken: user.ist,
    });
    const code = await latestCode(ctx, user.phone);
    const codeRow = () =>
      ctx.db
        .selectFrom('otp_codes')
        .select(['attempts', 'consumed_at'])
        .where('method_id', '=', json(sent).data.method_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
    const before = await codeRow();
    const refused = await authenticateOtp(ctx, code, json(sent).data.method_id, { sessionToken: other.ist });
    expect(statusAndErrorType(refused)).toEqual([401, 'unable_to_auth_otp_code']);
    expect(await codeRow()).toEqual(before);
  });

  it('a sign-in code (send/primary) to the same phone does not complete the IST', async () => {
    const user = await givenSmsUser('sms-primary@example.com');
    const sent = await sendOtp(ctx, 'sms', user.phone, { endpoint: 'send/primary' });
    expect(sent.statusCode).toBe(200);
    const sessions = (await otpSnapshot(ctx)).sessions;
    const response = await authenticateOtp(
      ctx,
      await latestCode(ctx, user.phone),
      json(sent).data.method_id,
      {
        sessionToken: user.ist,
      },
    );
    expect(statusAndErrorType(response)).toEqual([401, 'unable_to_auth_otp_code']);
    expect((await otpSnapshot(ctx)).sessions).toBe(sessions);
  });
});

/**
 * secondFactorOptionsOfUser (from the user a password login reads for its answer) decides as
 * secondFactorOptionsOf (its own query) does, for every mix of verified and unverified TOTPs and
 * phone numbers and for a primary factor by SMS or not. PGlite and TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { givenPasswordUser } from '../../../test/password-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { findUserWithFactors } from '../users/users.repository.js';
import { secondFactorOptionsOf, secondFactorOptionsOfUser } from './second-factor-options.js';

const ctx = useTestContext();

const password: AuthenticationFactor = {
  type: 'password',
  delivery_method: 'knowledge',
  last_authenticated_at: new Date(0).toISOString(),
};
const smsCode: AuthenticationFactor = {
  type: 'otp',
  delivery_method: 'sms',
  last_authenticated_at: password.last_authenticated_at,
};

type Totp = 'none' | 'unverified' | 'verified';
type Phones = 'none' | 'unverified' | 'verified' | 'both';
const mixes: Array<[Totp, Phones]> = (['none', 'unverified', 'verified'] as const).flatMap((totp) =>
  (['none', 'unverified', 'verified', 'both'] as const).map((phones): [Totp, Phones] => [totp, phones]),
);

let n = 0;
describe('secondFactorOptionsOfUser', () => {
  it.each(mixes)('TOTP %s, phones %s: the same answer as the query', async (totp, phones) => {
    n += 1;
    const { user_id } = await givenPasswordUser(ctx, `mix-${n}@example.com`);
    const projectId = ctx.dev.project.id;
    const now = new Date();
    if (totp !== 'none')
      await ctx.db
        .insertInto('totps')
        .values({
          id: `totp-test-${n}`,
          project_id: projectId,
          user_id,
          secret: 'JBSWY3DPEHPK3PXP',
          secret_encryption: 'none',
          verified: totp === 'verified',
          expires_at: totp === 'verified' ? null : new Date(now.getTime() + 600_000),
          last_used_step: null,
          created_at: now,
        })
        .execute();
    const phoneRows = { none: [], unverified: [false], verified: [true], both: [false, true] }[phones];
    for (const [i, verified] of phoneRows.entries())
      await ctx.db
        .insertInto('phone_numbers')
        .values({
          id: `phone-number-test-${n}-${i}`,
          project_id: projectId,
          user_id,
          phone_number: `+1415555${String(n * 10 + i).padStart(4, '0')}`,
          verified,
          created_at: new Date(now.getTime() + i),
        })
        .execute();
    const user = await findUserWithFactors(ctx.db, projectId, user_id);
    if (!user) throw new Error('user missing');
    for (const primary of [password, smsCode])
      expect(secondFactorOptionsOfUser(user, primary)).toEqual(
        await secondFactorOptionsOf(ctx.db, user_id, primary),
      );
  });
});

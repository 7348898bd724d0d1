/** Factors written straight into the database, as an earlier proof would have left them, for tests about what follows. */
import { cryptoRandom } from '../src/random.js';
import type { TestContext } from './test-app.js';

/** Gives the user a verified phone number. */
export async function givenVerifiedPhone(
  ctx: TestContext,
  phone: { id: string; userId: string; phoneNumber: string },
): Promise<void> {
  await ctx.db
    .insertInto('phone_numbers')
    .values({
      id: phone.id,
      project_id: ctx.dev.project_id,
      user_id: phone.userId,
      phone_number: phone.phoneNumber,
      verified: true,
      created_at: ctx.clock.now(),
    })
    .execute();
}

/** Gives the user another verified email address. */
export async function givenVerifiedEmail(ctx: TestContext, userId: string, email: string): Promise<void> {
  await ctx.db
    .insertInto('emails')
    .values({
      id: `email-test-${cryptoRandom.uuid()}`,
      project_id: ctx.dev.project.id,
      user_id: userId,
      email,
      verified: true,
      created_at: ctx.clock.now(),
    })
    .execute();
}

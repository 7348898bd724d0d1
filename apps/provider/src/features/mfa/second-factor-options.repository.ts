/** @module second-factor-options.repository — SQL of which second factors a user has verified (second-factor-options decides from it). */
import type { DbExecutor } from '../../db/database.js';

/** Whether user `userId` has a verified TOTP and a verified phone number, in one statement. */
export async function findVerifiedSecondFactors(
  db: DbExecutor,
  userId: string,
): Promise<{ totp: boolean; sms: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb.selectFrom('totps').select('id').where('user_id', '=', userId).where('verified', '=', true),
        )
        .as('totp'),
      eb
        .exists(
          eb
            .selectFrom('phone_numbers')
            .select('id')
            .where('user_id', '=', userId)
            .where('verified', '=', true),
        )
        .as('sms'),
    ])
    .executeTakeFirstOrThrow();
  return { totp: Boolean(row.totp), sms: Boolean(row.sms) };
}

/** @module users — local users, each linked to one Latchkey user. */
import type { Clock } from './clock.js';
import type { Db, UserRow } from './db/database.js';

/**
 * Finds the local user of `latchkeyUserId` or creates it (signup and login land on the same
 * route); one statement, so two racing sign-ins of a new user cannot create two rows.
 */
export async function upsertUser(
  db: Db,
  clock: Clock,
  input: { latchkeyUserId: string; email: string },
): Promise<UserRow> {
  const now = clock.now();
  return db
    .insertInto('users')
    .values({
      latchkey_user_id: input.latchkeyUserId,
      email: input.email,
      created_at: now,
      last_sign_in_at: now,
    })
    .onConflict((oc) =>
      oc.column('latchkey_user_id').doUpdateSet({ email: input.email, last_sign_in_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

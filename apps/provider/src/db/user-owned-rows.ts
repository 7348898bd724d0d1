/**
 * @module user-owned-rows — deleting one row of a user's sign-in factors by its id: the owner's
 * id is part of the guard, so another user's id, or an unknown one, deletes nothing.
 */
import type { DbExecutor } from './database.js';

/** Tables whose rows belong to one user of one project and are removed one at a time. */
export type UserOwnedTable = 'oauth_registrations' | 'webauthn_registrations';

/** Deletes the user's row `key.id`; false when the user has none with this id. */
export async function deleteUserOwnedRow(
  db: DbExecutor,
  table: UserOwnedTable,
  key: { projectId: string; userId: string; id: string },
): Promise<boolean> {
  const row = await db
    .deleteFrom(table)
    .where('project_id', '=', key.projectId)
    .where('user_id', '=', key.userId)
    .where('id', '=', key.id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

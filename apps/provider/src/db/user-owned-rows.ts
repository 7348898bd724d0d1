/**
 * @module user-owned-rows — deleting one row of a user's sign-in factors by its id: the owner's
 * id is part of the guard, so another user's id, or an unknown one, deletes nothing.
 */
import type { DbExecutor } from './database.js';
import { deleteRowBy } from './keyed-rows.js';

/** Tables whose rows belong to one user of one project and are removed one at a time. */
export type UserOwnedTable =
  | 'oauth_registrations'
  | 'webauthn_registrations'
  | 'emails'
  | 'phone_numbers'
  | 'passwords'
  | 'totps'
  | 'crypto_wallets';

/** Deletes the user's row `key.id`; false when the user has none with this id. */
export async function deleteUserOwnedRow(
  db: DbExecutor,
  table: UserOwnedTable,
  key: { projectId: string; userId: string; id: string },
): Promise<boolean> {
  return deleteRowBy(db, table, { project_id: key.projectId, user_id: key.userId, id: key.id });
}

/**
 * The owner of row `id` of `table` in `projectId`, that row locked until the transaction ends
 * (the server API removes a factor by its id alone); undefined when the project has none.
 */
export async function lockUserOwnedRow(
  db: DbExecutor,
  table: UserOwnedTable,
  key: { projectId: string; id: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select('user_id')
    .where('project_id', '=', key.projectId)
    .where('id', '=', key.id)
    .forUpdate()
    .executeTakeFirst();
  return row?.user_id;
}

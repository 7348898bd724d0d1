/** @module operator-keys.repository — SQL for operator keys. */
import type { DbExecutor } from '../../db/database.js';
import type { NewOperatorKeyRow, OperatorKeyRow } from './operator-keys.table.js';

/** Inserts a key. */
export async function insertOperatorKey(db: DbExecutor, row: NewOperatorKeyRow): Promise<OperatorKeyRow> {
  return db.insertInto('operator_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The key with `id`, revoked or not. */
export async function findOperatorKey(db: DbExecutor, id: string): Promise<OperatorKeyRow | undefined> {
  return db.selectFrom('operator_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every key, oldest first. */
export async function listOperatorKeys(db: DbExecutor): Promise<OperatorKeyRow[]> {
  return db.selectFrom('operator_keys').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** Revokes the key with `id` (once); undefined when there is no such live key. */
export async function revokeOperatorKey(
  db: DbExecutor,
  id: string,
  now: Date,
): Promise<OperatorKeyRow | undefined> {
  return db
    .updateTable('operator_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Records a use, at most once a minute per key so a busy console does not write on every call. */
export async function touchOperatorKey(db: DbExecutor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('operator_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 60_000))]),
    )
    .execute();
}

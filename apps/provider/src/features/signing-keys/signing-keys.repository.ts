/** @module signing-keys.repository — SQL for signing keys. */
import type { DbExecutor } from '../../db/database.js';
import type { NewSigningKeyRow, SigningKeyRow } from './signing-keys.table.js';

/** Keys whose activation is after `since`, newest first. */
export async function listSigningKeysActivatedAfter(db: DbExecutor, since: Date): Promise<SigningKeyRow[]> {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where('activates_at', '>', since)
    .orderBy('activates_at', 'desc')
    .orderBy('kid', 'desc')
    .execute();
}

/** Inserts a key. */
export async function insertSigningKey(db: DbExecutor, row: NewSigningKeyRow): Promise<void> {
  await db.insertInto('signing_keys').values(row).execute();
}

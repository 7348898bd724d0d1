/** @module oauth-one-tap.repository — SQL for One Tap callback ids. */
import type { DbExecutor } from '../../db/database.js';
import type { NewOAuthOneTapCallbackRow, OAuthOneTapCallbackRow } from './oauth-one-tap.table.js';

/** Stores a new callback id (its hash). */
export async function insertOneTapCallback(db: DbExecutor, row: NewOAuthOneTapCallbackRow): Promise<void> {
  await db.insertInto('oauth_one_tap_callbacks').values(row).execute();
}

/**
 * Uses up the open (unused, unexpired at `now`) callback with this hash in one guarded
 * UPDATE … RETURNING: of any number of concurrent or replayed submissions exactly one gets the
 * row. Called before the credential is verified, so a failed submission uses it up too.
 */
export async function consumeOneTapCallback(
  db: DbExecutor,
  projectId: string,
  callbackHash: string,
  now: Date,
): Promise<OAuthOneTapCallbackRow | undefined> {
  return db
    .updateTable('oauth_one_tap_callbacks')
    .set({ used_at: now })
    .where('project_id', '=', projectId)
    .where('callback_hash', '=', callbackHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes every callback that expired at or before `now` (used or not); returns how many. */
export async function deleteExpiredOneTapCallbacks(db: DbExecutor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('oauth_one_tap_callbacks')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** @module oauth-one-tap.repository — SQL for One Tap callback ids. */
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { NewOAuthOneTapCallbackRow } from './oauth-one-tap.table.js';

/** Stores a new callback id (its hash). */
export async function insertOneTapCallback(db: DbExecutor, row: NewOAuthOneTapCallbackRow): Promise<void> {
  await db.insertInto('oauth_one_tap_callbacks').values(row).execute();
}

/**
 * One Tap callback ids are single-use rows, used up before the credential is verified, so a
 * failed submission uses its id up too.
 */
export const oneTapCallbacks = singleUseRows('oauth_one_tap_callbacks');

/** @module oauth-states.repository — SQL for the states of redirects to an upstream; consumption is one guarded UPDATE. */
import type { DbExecutor } from '../../db/database.js';
import type { NewOAuthStateRow, OAuthStateRow } from './oauth.table.js';

/** Stores the state of a new redirect (its hash). */
export async function insertOAuthState(db: DbExecutor, row: NewOAuthStateRow): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute();
}

/**
 * Uses up the open state with this hash for `providerType`, in one guarded UPDATE … RETURNING:
 * of any number of concurrent or replayed callbacks exactly one gets the row. Unknown, used,
 * expired or another provider's → undefined.
 */
export async function consumeOAuthState(
  db: DbExecutor,
  stateHash: string,
  providerType: string,
  now: Date,
): Promise<OAuthStateRow | undefined> {
  return db
    .updateTable('oauth_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('provider_type', '=', providerType)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The login redirect URL stored with the state of this hash, used or not, expired or not (until
 * swept): where a refused callback can still send the browser back to (checked at the start).
 */
export async function findOAuthStateLoginRedirect(
  db: DbExecutor,
  stateHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_states')
    .select('login_redirect_url')
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  return row?.login_redirect_url;
}

/** Deletes every state that expired at or before `now` (used or not); returns how many. */
export async function deleteExpiredOAuthStates(db: DbExecutor, now: Date): Promise<number> {
  const result = await db.deleteFrom('oauth_states').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

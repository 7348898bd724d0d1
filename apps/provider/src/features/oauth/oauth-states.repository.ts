/** @module oauth-states.repository — SQL for the states of redirects to an upstream; consumption is one guarded UPDATE. */
import type { DbExecutor } from '../../db/database.js';
import { findColumnsBy } from '../../db/keyed-rows.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { NewOAuthStateRow } from './oauth.table.js';

/** Stores the state of a new redirect (its hash). */
export async function insertOAuthState(db: DbExecutor, row: NewOAuthStateRow): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute();
}

/**
 * The login redirect URL stored with the state of this hash, used or not, expired or not (until
 * swept): where a refused callback can still send the browser back to (checked at the start).
 */
export async function findOAuthStateLoginRedirect(
  db: DbExecutor,
  stateHash: string,
): Promise<string | undefined> {
  const row = await findColumnsBy(db, 'oauth_states', { state_hash: stateHash }, ['login_redirect_url']);
  return row?.login_redirect_url;
}

/**
 * Redirect states are single-use rows: of any number of concurrent or replayed callbacks exactly
 * one uses a state up; unknown, used, expired or another provider's → nothing.
 */
export const oauthStates = singleUseRows('oauth_states');

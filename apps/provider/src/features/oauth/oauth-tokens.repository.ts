/** @module oauth-tokens.repository — SQL for the sign-in tokens of OAuth; consumption is one guarded UPDATE. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { NewOAuthTokenRow } from './oauth.table.js';

/** Stores a new token (its hash). */
export async function insertOAuthToken(db: DbExecutor, row: NewOAuthTokenRow): Promise<void> {
  await db.insertInto('oauth_tokens').values(row).execute();
}

/** Erases the upstream's tokens of a redeemed token: they were handed over once and are kept no longer. */
export async function eraseProviderValues(db: DbExecutor, tokenHash: string): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ provider_values: null })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/**
 * Counts a failed PKCE attempt; the `maxAttempts`-th failure revokes the token and erases the
 * upstream's tokens with it (SECURITY H1).
 */
export async function recordFailedOAuthTokenAttempt(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
  maxAttempts: number,
): Promise<void> {
  const dies = sql<boolean>`failed_attempts + 1 >= ${maxAttempts}`;
  await db
    .updateTable('oauth_tokens')
    .set({
      failed_attempts: sql<number>`failed_attempts + 1`,
      revoked_at: sql<Date | null>`case when ${dies} then ${now}::timestamptz else revoked_at end`,
      provider_values: sql<string | null>`case when ${dies} then null else provider_values end`,
    })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** OAuth sign-in tokens are single-use rows: found by hash and consumed once (SECURITY B2). */
export const oauthTokens = singleUseRows('oauth_tokens');

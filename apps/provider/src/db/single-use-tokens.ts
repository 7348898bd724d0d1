/**
 * @module single-use-tokens — the look-up and the atomic consumption shared by every table of
 * single-use sign-in tokens (magic links, OAuth tokens): one query shape, one home.
 */
import type { Selectable } from 'kysely';
import type { Database, DbExecutor } from './database.js';

/** Tables whose rows are single-use tokens: looked up by hash, consumed by one guarded UPDATE. */
export type SingleUseTokenTable = 'magic_links' | 'oauth_tokens';

/** The token row with `tokenHash` in `projectId`, whatever its state. */
export async function findSingleUseToken<T extends SingleUseTokenTable>(
  db: DbExecutor,
  table: T,
  projectId: string,
  tokenHash: string,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .selectFrom(table as SingleUseTokenTable)
    .selectAll()
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  // Kysely cannot follow a generic table name; `table` picks the row type, so the cast is exact.
  return row as Selectable<Database[T]> | undefined;
}

/**
 * Consumes a usable token atomically (SECURITY B2): of any number of concurrent callers exactly
 * one gets the row back; the rest see used_at already set and get undefined.
 */
export async function consumeSingleUseToken<T extends SingleUseTokenTable>(
  db: DbExecutor,
  table: T,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .updateTable(table as SingleUseTokenTable)
    .set({ used_at: now })
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

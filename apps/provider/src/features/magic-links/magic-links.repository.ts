/** @module magic-links.repository — SQL for magic-link tokens; consumption is one guarded UPDATE. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { MagicLinkRow, NewMagicLinkRow } from './magic-links.table.js';

/**
 * Serialises token issuance for one address until the transaction ends, so "revoke the older
 * links, store the new one" cannot interleave and leave two live links (SECURITY B6).
 */
export async function lockAddressForIssuance(
  db: DbExecutor,
  projectId: string,
  email: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${projectId}:${email}`}, 0))`.execute(db);
}

/** Revokes every unused token for `email` so only the newest link works (SECURITY B6). */
export async function revokeUnusedMagicLinks(
  db: DbExecutor,
  projectId: string,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('magic_links')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes one token unless it was used (its email could not be delivered, SECURITY J6). */
export async function revokeMagicLink(db: DbExecutor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('magic_links')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Stores a new token (its hash). */
export async function insertMagicLink(db: DbExecutor, row: NewMagicLinkRow): Promise<void> {
  await db.insertInto('magic_links').values(row).execute();
}

/** The token row with `tokenHash` in `projectId`, whatever its state. */
export async function findMagicLinkByTokenHash(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
): Promise<MagicLinkRow | undefined> {
  return db
    .selectFrom('magic_links')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Consumes a usable token atomically (SECURITY B2): of any number of concurrent callers exactly
 * one gets the row back; the rest see used_at already set and get undefined.
 */
export async function consumeMagicLink(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<MagicLinkRow | undefined> {
  return db
    .updateTable('magic_links')
    .set({ used_at: now })
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Counts a failed PKCE attempt; the `maxAttempts`-th failure revokes the token (SECURITY H1). */
export async function recordFailedMagicLinkAttempt(
  db: DbExecutor,
  id: string,
  now: Date,
  maxAttempts: number,
): Promise<void> {
  await db
    .updateTable('magic_links')
    .set({
      failed_attempts: sql<number>`failed_attempts + 1`,
      revoked_at: sql<Date | null>`case when failed_attempts + 1 >= ${maxAttempts} then ${now}::timestamptz else revoked_at end`,
    })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

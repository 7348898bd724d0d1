/** @module magic-links.repository — SQL for magic-link tokens; consumption is one guarded UPDATE. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { NewMagicLinkRow } from './magic-links.table.js';

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

/** Stores a new token (its hash). */
export async function insertMagicLink(db: DbExecutor, row: NewMagicLinkRow): Promise<void> {
  await db.insertInto('magic_links').values(row).execute();
}

/**
 * Magic-link tokens are single-use rows: found, consumed atomically (SECURITY B2), revoked when
 * superseded or undeliverable (B6, J6) and revoked at the `max`-th failed PKCE attempt (H1).
 */
export const magicLinks = singleUseRows('magic_links');

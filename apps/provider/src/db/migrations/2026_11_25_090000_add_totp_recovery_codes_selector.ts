/** @module 2026_11_25_090000_add_totp_recovery_codes_selector — recovery codes under salted argon2id, found by a non-secret selector. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createUniqueIndexOn } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // New codes are stored as argon2id PHC strings (`$argon2id$…`, a salt per code) beside their
  // first letter, which picks the one row a typed code is verified against. Rows written before
  // keep their unsalted SHA-256 (base64url, never a `$`) and no selector until used or replaced.
  await db.schema.alterTable('totp_recovery_codes').addColumn('code_selector', 'text').execute();
  await db.schema
    .alterTable('totp_recovery_codes')
    .addCheckConstraint(
      'totp_recovery_codes_scheme_check',
      sql`(code_selector is null) = (code_hash not like '$%')`,
    )
    .execute();
  // One row per selector in a set, so a typed code costs one argon2id verification, never ten.
  await createUniqueIndexOn(db, 'totp_recovery_codes_selector_key', 'totp_recovery_codes', [
    'totp_id',
    'code_selector',
  ]);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('totp_recovery_codes_selector_key').execute();
  // Salted codes cannot be turned back into SHA-256: their sets are dropped (users issue new ones).
  await db.deleteFrom('totp_recovery_codes').where('code_selector', 'is not', null).execute();
  await db.schema
    .alterTable('totp_recovery_codes')
    .dropConstraint('totp_recovery_codes_scheme_check')
    .execute();
  await db.schema.alterTable('totp_recovery_codes').dropColumn('code_selector').execute();
}

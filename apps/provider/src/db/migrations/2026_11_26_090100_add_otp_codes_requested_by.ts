/** @module 2026_11_26_090100_add_otp_codes_requested_by — the signed-in user a send/secondary code was asked by. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 16: a code from send/secondary (real or decoy) may be tried only with a live session
  // or IST of the user who asked for it; null for the signed-out sends, which anyone may try.
  await db.schema
    .alterTable('otp_codes')
    .addColumn('requested_by_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  // Open secondary codes were asked for by the user they add the address to. (Decoys of earlier
  // secondary sends cannot be told apart; they never match and expire within 10 minutes.)
  await sql`update otp_codes set requested_by_user_id = user_id where purpose = 'secondary'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('otp_codes').dropColumn('requested_by_user_id').execute();
}

/** @module 2026_12_03_020000_add_console_operator_sign_ins — when a console operator last signed in, and when one was removed (issue 21). Frozen. */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('console_operators')
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('removed_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('console_operators')
    .dropColumn('removed_at')
    .dropColumn('last_sign_in_at')
    .execute();
}

/**
 * @module 2026_12_02_070100_add_user_search_indexes — the user search at 100 000 users (issue 21):
 * a project's users in the search's keyset order, so a page is an index range instead of a sort
 * of every user; addresses by value (exact and prefix), which the search's per-user EXISTS cannot
 * find through (project_id, email). Frozen.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_project_created_idx on users (project_id, created_at, id)`.execute(db);
  // text_pattern_ops: LIKE 'prefix%' uses it whatever the database's collation; equality too.
  await sql`create index emails_email_prefix_idx on emails (email text_pattern_ops)`.execute(db);
  // (project_id) alone is the leading column of the new index.
  await sql`drop index users_project_id_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index users_project_id_idx on users (project_id)`.execute(db);
  await sql`drop index emails_email_prefix_idx`.execute(db);
  await sql`drop index users_project_created_idx`.execute(db);
}

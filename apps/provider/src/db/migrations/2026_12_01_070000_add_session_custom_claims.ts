/** @module 2026_12_01_070000_add_session_custom_claims — claims a project adds to session JWTs. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 20: a session's own claims (`session_custom_claims` of the calls that made or checked
  // it), carried by every later JWT of the session, and a project-wide template under them.
  await db.schema
    .alterTable('sessions')
    .addColumn('custom_claims', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('session_custom_claims_template', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('session_custom_claims_template').execute();
  await db.schema.alterTable('sessions').dropColumn('custom_claims').execute();
}

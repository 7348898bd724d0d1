/** @module 2026_12_02_020000_add_user_external_id_and_roles — a user's own id in the integrator's system, and its roles. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createUniqueIndexOn } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 20: the hosted provider's `external_id` (usable wherever a user id is, so unique per
  // project; NULLs do not collide) and `roles` (a stored list of role ids).
  await db.schema
    .alterTable('users')
    .addColumn('external_id', 'text')
    .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await createUniqueIndexOn(db, 'users_project_external_id_key', 'users', ['project_id', 'external_id']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_project_external_id_key').execute();
  await db.schema.alterTable('users').dropColumn('roles').dropColumn('external_id').execute();
}

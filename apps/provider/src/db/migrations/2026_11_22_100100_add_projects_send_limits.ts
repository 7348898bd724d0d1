/** @module 2026_11_22_100100_add_projects_send_limits — per-project overrides of the email send limits. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Only the settings a project changes; the rest follow the provider's defaults.
  await db.schema
    .alterTable('projects')
    .addColumn('send_limits', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('send_limits').execute();
}

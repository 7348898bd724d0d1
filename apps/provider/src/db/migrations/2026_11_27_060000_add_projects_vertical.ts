/** @module 2026_11_27_060000_add_projects_vertical — which kind of project the official SDK is told it talks to. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // The bootstrap's `vertical` (issue 17 item 6): the official 6.x clients compare it with their
  // own kind and log a mismatch. Every Latchkey project is a consumer project; null = unset.
  await db.schema
    .alterTable('projects')
    .addColumn('vertical', 'text', (c) =>
      c.defaultTo('CONSUMER').check(sql`vertical is null or vertical in ('CONSUMER', 'B2B')`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('vertical').execute();
}

/** @module 2026_12_02_070000_create_activity_counts — per-project activity figures by hour (issue 21). Frozen. */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign key to projects: a batched flush must not fail as a whole for one counter.
  await db.schema
    .createTable('activity_counts')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_counts_pkey', ['project_id', 'bucket_start', 'metric', 'method'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_counts').execute();
}

/** @module 2026_11_22_100000_create_rate_limit_buckets — fixed-window counters shared by every process. Frozen. */
import type { Kysely } from 'kysely';
import { createIndexOn } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    // SHA-256 of the key (an address, an IP prefix…): fixed width, and no plaintext identifiers.
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_buckets_pkey', ['project_id', 'scope', 'key_hash'])
    .execute();
  // The sweep deletes by expiry (SECURITY K4: bounded growth).
  await createIndexOn(db, 'rate_limit_buckets_expires_at_idx', 'rate_limit_buckets', ['expires_at']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_buckets').execute();
}

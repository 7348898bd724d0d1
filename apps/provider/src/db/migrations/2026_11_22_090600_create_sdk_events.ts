/** @module 2026_11_22_090600_create_sdk_events — telemetry events from browsers. Frozen. */
import type { Kysely } from 'kysely';
import { createIndexOn } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sdk_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('public_token', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('origin', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await createIndexOn(db, 'sdk_events_project_id_idx', 'sdk_events', ['project_id']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sdk_events').execute();
}

/** @module 2026_11_22_090300_create_sessions — sessions with hashed opaque tokens. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .$call(userRowColumns)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_accessed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('authentication_factors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('ip_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await createIndexOn(db, 'sessions_user_id_idx', 'sessions', ['user_id']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}

/** @module 2026_11_22_110000_create_phone_numbers — users' phone numbers (E.164). Frozen. */
import type { Kysely } from 'kysely';
import { createIndexOn, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('phone_numbers')
    .$call(userRowColumns)
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('phone_numbers_project_id_phone_number_key', ['project_id', 'phone_number'])
    .execute();
  await createIndexOn(db, 'phone_numbers_user_id_idx', 'phone_numbers', ['user_id']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_numbers').execute();
}

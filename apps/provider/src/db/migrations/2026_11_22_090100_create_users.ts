/** @module 2026_11_22_090100_create_users — users and their email addresses. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, projectRowColumns, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .$call(projectRowColumns)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'pending')`))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('middle_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('trusted_metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('untrusted_metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await createIndexOn(db, 'users_project_id_idx', 'users', ['project_id']);

  await db.schema
    .createTable('emails')
    .$call(userRowColumns)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('emails_project_id_email_key', ['project_id', 'email'])
    .execute();
  await createIndexOn(db, 'emails_user_id_idx', 'emails', ['user_id']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('emails').execute();
  await db.schema.dropTable('users').execute();
}

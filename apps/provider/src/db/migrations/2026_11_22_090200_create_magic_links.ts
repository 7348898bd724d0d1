/** @module 2026_11_22_090200_create_magic_links — hashed single-use magic-link tokens. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, projectRowColumns, revocableSingleUseColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('magic_links')
    .$call(projectRowColumns)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('login', 'signup', 'secondary')`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(revocableSingleUseColumns)
    .execute();
  await createIndexOn(db, 'magic_links_project_email_idx', 'magic_links', ['project_id', 'email']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('magic_links').execute();
}

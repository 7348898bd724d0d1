/** @module 2026_12_02_060000_create_console_operators — the console's operator project and its operators (issue 21). Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // One row at most: the project whose users may sign in to the console.
  await db.schema
    .createTable('operator_project')
    .addColumn('singleton', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`singleton`))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('console_operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    // Set when the invite is accepted: the operator project's user who holds it.
    .addColumn('user_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('invited', 'active', 'removed')`))
    .addColumn('invite_token_hash', 'text', (c) => c.unique())
    .addColumn('invite_expires_at', 'timestamptz')
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .execute();
  await sql`create unique index console_operators_active_user_idx on console_operators (user_id) where status = 'active'`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_operators').execute();
  await db.schema.dropTable('operator_project').execute();
}

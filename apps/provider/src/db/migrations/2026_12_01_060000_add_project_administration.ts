/**
 * @module 2026_12_01_060000_add_project_administration — issue 20's project administration API:
 * operator keys (stored hashed), a rotated project secret's grace period, and a notification on
 * every project change so each provider process drops its cached copy at once. Frozen.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // After a rotation the old secret still signs in until this moment (docs/provider-api.md "Rotating a project's secret").
  await db.schema
    .alterTable('projects')
    .addColumn('previous_secret_hash', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .execute();
  // pg_notify is transactional: sent at commit, never for a rollback. A new project has nothing cached.
  await sql`
    create function latchkey_notify_project_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('latchkey_project_changes', coalesce(new.id, old.id));
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger notify_project_change after update or delete on projects
    for each row execute function latchkey_notify_project_change()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists notify_project_change on projects`.execute(db);
  await sql`drop function if exists latchkey_notify_project_change()`.execute(db);
  await db.schema
    .alterTable('projects')
    .dropColumn('previous_secret_hash')
    .dropColumn('previous_secret_expires_at')
    .execute();
  await db.schema.dropTable('operator_keys').execute();
}

/** @module 2026_11_22_120100_add_passwords_id — a wire id for each stored password (User.password.password_id). Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passwords').addColumn('id', 'text').execute();
  // Rows stored before this migration get ids in the same `password-{environment}-{uuid}` form.
  await sql`update passwords set id = 'password-' || projects.environment || '-' || gen_random_uuid()::text
    from projects where projects.id = passwords.project_id`.execute(db);
  await db.schema
    .alterTable('passwords')
    .alterColumn('id', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('passwords').addUniqueConstraint('passwords_id_key', ['id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('passwords').dropColumn('id').execute();
}

/** @module 2026_11_22_120000_create_passwords — password hashes, login-failure counters, and the project's strength policy. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, revocableSingleUseColumns, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // One password per user; the hash is an argon2id PHC string (never the password).
  await db.schema
    .createTable('passwords')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('requires_reset', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Failed password logins per identifier (an address or a client network), existing or not (SECURITY A4).
  await db.schema
    .createTable('login_failures')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_pkey', ['project_id', 'scope', 'key_hash'])
    .execute();
  // Reset-by-email tokens (SHA-256 only), single use, PKCE-bound when started with a challenge.
  await db.schema
    .createTable('password_resets')
    .$call(userRowColumns)
    .addColumn('email_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_challenge', 'text')
    .$call(revocableSingleUseColumns)
    .execute();
  await createIndexOn(db, 'password_resets_user_idx', 'password_resets', ['user_id']);
  await db.schema
    .alterTable('projects')
    .addColumn('password_strength_policy', 'text', (c) =>
      c.notNull().defaultTo('zxcvbn').check(sql`password_strength_policy in ('zxcvbn', 'luds')`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('password_strength_policy').execute();
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('passwords').execute();
}

/** @module 2026_11_22_090000_create_projects — projects with hashed secrets and their policy. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull().check(sql`environment in ('test', 'live')`))
    .addColumn('public_token', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('is_dev', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allowed_origins', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('allowed_redirect_urls', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('default_login_redirect_url', 'text')
    .addColumn('default_signup_redirect_url', 'text')
    .addColumn('enabled_products', 'jsonb', (c) => c.notNull().defaultTo(sql`'["emailMagicLinks"]'::jsonb`))
    .addColumn('email_domains', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('password_luds_complexity', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('password_luds_minimum_count', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('session_default_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('session_max_lifetime_minutes', 'integer', (c) => c.notNull().defaultTo(43200))
    .addColumn('magic_link_expiration_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('pkce_required_for_email_magic_links', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pkce_required_for_password_resets', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pkce_required_for_oauth', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disable_sdk_watermark', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projects').execute();
}

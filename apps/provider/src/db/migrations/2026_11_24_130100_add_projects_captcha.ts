/** @module 2026_11_24_130100_add_projects_captcha — the project's reCAPTCHA settings and the captcha tokens already used. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // A site key turns captcha on for the project's sign-in calls (SECURITY A7); null = off.
  await db.schema
    .alterTable('projects')
    .addColumn('captcha_site_key', 'text')
    .addColumn('captcha_min_score', 'double precision', (c) =>
      c.notNull().defaultTo(0.5).check(sql`captcha_min_score >= 0 and captcha_min_score <= 1`),
    )
    .execute();

  // SHA-256 of every captcha token presented, kept 10 minutes, so a token works once across all
  // provider processes (the insert's primary key conflict is the replay check).
  await db.schema
    .createTable('captcha_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The periodic sweep deletes by expiry (SECURITY K4: bounded growth).
  await createIndexOn(db, 'captcha_tokens_expires_idx', 'captcha_tokens', ['expires_at']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_tokens').execute();
  await db.schema
    .alterTable('projects')
    .dropColumn('captcha_min_score')
    .dropColumn('captcha_site_key')
    .execute();
}

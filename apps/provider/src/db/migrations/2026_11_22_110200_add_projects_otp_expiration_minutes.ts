/** @module 2026_11_22_110200_add_projects_otp_expiration_minutes — default lifetime of a project's passcodes. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // SECURITY §2 / ASVS 6.5.5: out-of-band codes live at most 10 minutes.
  await db.schema
    .alterTable('projects')
    .addColumn('otp_expiration_minutes', 'integer', (c) =>
      c.notNull().defaultTo(5).check(sql`otp_expiration_minutes between 1 and 10`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('otp_expiration_minutes').execute();
}

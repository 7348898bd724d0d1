/** @module 2026_12_02_030000_add_project_senders — a project's own email and SMS sender, and the sender a queued message keeps. Frozen. */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 20: null = the deployment's LATCHKEY_MAIL_FROM / LATCHKEY_SMS_FROM.
  await db.schema
    .alterTable('projects')
    .addColumn('email_sender_name', 'text')
    .addColumn('email_sender_address', 'text')
    .addColumn('sms_sender', 'text')
    .execute();
  // The project's sender as it was when the message was queued; null for jobs queued before.
  await db.schema.alterTable('delivery_jobs').addColumn('sender', 'jsonb').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('delivery_jobs').dropColumn('sender').execute();
  await db.schema
    .alterTable('projects')
    .dropColumn('email_sender_name')
    .dropColumn('email_sender_address')
    .dropColumn('sms_sender')
    .execute();
}

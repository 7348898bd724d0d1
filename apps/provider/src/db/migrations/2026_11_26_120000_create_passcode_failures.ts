/** @module 2026_11_26_120000_create_passcode_failures — consecutive wrong passcodes per email address or phone number; at the cap, the lock. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 16: each code allows 5 tries and the send limits allow a few codes per quarter hour, so
  // without this counter an attacker gets about 2,400 guesses a day at a sign-in passcode, for
  // ever. It spans codes, channels (SMS and WhatsApp to one number), processes and time; it is
  // kept for addresses without an account too, so a lock says nothing about who has one.
  await db.schema
    .createTable('passcode_failures')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // The normalised email address or E.164 number, as otp_codes.destination stores it.
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    // Set by the failure that reached the cap: from then on the row is the lock.
    .addColumn('locked_at', 'timestamptz')
    .addPrimaryKeyConstraint('passcode_failures_pkey', ['project_id', 'destination'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passcode_failures').execute();
}

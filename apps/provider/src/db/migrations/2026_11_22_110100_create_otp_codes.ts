/** @module 2026_11_22_110100_create_otp_codes — one-time passcodes, stored as salted HMACs. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, projectRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('otp_codes')
    .$call(projectRowColumns)
    .addColumn('method_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms', 'whatsapp')`))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('login', 'signup', 'secondary', 'decoy')`),
    )
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // SECURITY B6: at most one open code per method; issuing revokes the older one first.
  await sql`create unique index otp_codes_open_method_key on otp_codes (project_id, method_id)
    where consumed_at is null and revoked_at is null`.execute(db);
  await createIndexOn(db, 'otp_codes_project_method_idx', 'otp_codes', [
    'project_id',
    'method_id',
    'created_at',
  ]);
  // Issuing revokes the open codes of a destination (it may have had several method ids).
  await sql`create index otp_codes_open_destination_idx on otp_codes (project_id, destination)
    where consumed_at is null and revoked_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('otp_codes').execute();
}

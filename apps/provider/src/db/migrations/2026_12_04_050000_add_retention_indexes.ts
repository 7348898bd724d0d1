/**
 * @module 2026_12_04_050000_add_retention_indexes — each retention batch (issue 23) finds its dead
 * rows through an index instead of reading the whole table: the tables whose clean-up condition
 * had none. Sessions end at the earliest of three times, so their batch asks for that one
 * expression (`least` ignores a null revocation) and the index is on it. Frozen.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index magic_links_expires_idx on magic_links (expires_at)`.execute(db);
  await sql`create index password_resets_expires_idx on password_resets (expires_at)`.execute(db);
  await sql`create index otp_codes_expires_idx on otp_codes (expires_at)`.execute(db);
  await sql`create index sessions_ended_idx on sessions (least(expires_at, absolute_expires_at, revoked_at))`.execute(
    db,
  );
  await sql`create index sdk_events_received_idx on sdk_events (received_at)`.execute(db);
  await sql`create index outbox_messages_created_idx on outbox_messages (created_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'outbox_messages_created_idx',
    'sdk_events_received_idx',
    'sessions_ended_idx',
    'otp_codes_expires_idx',
    'password_resets_expires_idx',
    'magic_links_expires_idx',
  ])
    await sql`drop index ${sql.ref(index)}`.execute(db);
}

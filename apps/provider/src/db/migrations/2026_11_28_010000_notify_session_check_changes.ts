/**
 * @module 2026_11_28_010000_notify_session_check_changes — every change to what a session check
 * answers (the session row, its user and every list the wire User shows) announces the user's id
 * on the channel `latchkey_session_check`, so each provider process drops what it cached for that
 * user (issue 18). In the database, so no code path that writes these tables can forget it. Frozen.
 */
import { type Kysely, sql } from 'kysely';

/** Tables whose rows carry `user_id` and feed the session check's answer. */
const USER_TABLES = [
  'sessions',
  'emails',
  'phone_numbers',
  'passwords',
  'password_lockouts',
  'webauthn_registrations',
  'oauth_registrations',
  'crypto_wallets',
  'totps',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // pg_notify is transactional: sent at commit, never for a rollback, one per payload per transaction.
  await sql`
    create function latchkey_notify_session_check() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'users' then
        perform pg_notify('latchkey_session_check', coalesce(new.id, old.id));
      else
        perform pg_notify('latchkey_session_check', coalesce(new.user_id, old.user_id));
      end if;
      return null;
    end
    $$`.execute(db);
  // A new user or session has nothing cached yet; everything else can change an answer.
  await sql`
    create trigger notify_session_check after update or delete on users
    for each row execute function latchkey_notify_session_check()`.execute(db);
  await sql`
    create trigger notify_session_check after update or delete on sessions
    for each row execute function latchkey_notify_session_check()`.execute(db);
  for (const table of USER_TABLES.filter((t) => t !== 'sessions')) {
    await sql`
      create trigger notify_session_check after insert or update or delete on ${sql.table(table)}
      for each row execute function latchkey_notify_session_check()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['users', ...USER_TABLES]) {
    await sql`drop trigger if exists notify_session_check on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists latchkey_notify_session_check()`.execute(db);
}

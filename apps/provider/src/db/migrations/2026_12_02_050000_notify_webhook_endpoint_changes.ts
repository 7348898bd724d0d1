/**
 * @module 2026_12_02_050000_notify_webhook_endpoint_changes — every change to a webhook endpoint
 * announces `endpoints:<project id>` on the webhooks channel (`latchkey_webhooks`, which every
 * process already listens on for its outbox, so no connection is added), so each provider process
 * drops what it remembered about which of that project's event types no endpoint takes (issue 18:
 * a login need not ask the database again on every sign-in). In the database, so no code path that
 * writes the table can forget it. Frozen.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // pg_notify is transactional: sent at commit, never for a rollback, one per payload per transaction.
  await sql`
    create function latchkey_notify_webhook_endpoint_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('latchkey_webhooks', 'endpoints:' || coalesce(new.project_id, old.project_id));
      return null;
    end
    $$`.execute(db);
  // A new endpoint matters as much as a changed or deleted one: it ends "no endpoint takes this type".
  await sql`
    create trigger notify_webhook_endpoint_change after insert or update or delete on webhook_endpoints
    for each row execute function latchkey_notify_webhook_endpoint_change()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists notify_webhook_endpoint_change on webhook_endpoints`.execute(db);
  await sql`drop function if exists latchkey_notify_webhook_endpoint_change()`.execute(db);
}

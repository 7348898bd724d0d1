/** @module 2026_12_02_031000_add_operator_audit — audit records of the deployment itself (no project), and the operator view's order. Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 20: operator keys belong to no project; their records have a null project.
  await db.schema
    .alterTable('audit_events')
    .alterColumn('project_id', (c) => c.dropNotNull())
    .execute();
  // The operator view (GET /v1/audit_events/operator): every operator's change and every deployment record, newest first.
  await sql`create index audit_events_operator_order_idx on audit_events (occurred_at desc, id desc) where project_id is null or actor_type = 'operator'`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index audit_events_operator_order_idx`.execute(db);
  await db.deleteFrom('audit_events').where('project_id', 'is', null).execute();
  await db.schema
    .alterTable('audit_events')
    .alterColumn('project_id', (c) => c.setNotNull())
    .execute();
}

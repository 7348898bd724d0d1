/** @module 2026_12_01_080000_create_audit_events — the audit log: who changed what, when, from where (issue 20). Frozen. */
import { type Kysely, sql } from 'kysely';
import { projectRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .$call(projectRowColumns)
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) =>
      c.notNull().check(sql`actor_type in ('operator', 'project', 'user', 'system')`),
    )
    .addColumn('actor_id', 'text')
    // The user the event concerns, when it concerns one; no foreign key: the record outlives the user.
    .addColumn('user_id', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('changes', 'jsonb')
    .execute();
  // Newest first, per project: the listing's keyset order.
  await sql`create index audit_events_project_order_idx on audit_events (project_id, occurred_at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_events_project_user_idx on audit_events (project_id, user_id) where user_id is not null`.execute(
    db,
  );
  await sql`create index audit_events_occurred_idx on audit_events (occurred_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}

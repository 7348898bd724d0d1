/** @module 2026_11_26_110000_create_delivery_jobs — the durable queue of messages owed to someone (issue 16 item 4). Frozen. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // One row per message a send endpoint promised: written before the answer, sent after it.
  // It holds what is needed to issue the token later, never a token or a code.
  await db.schema
    .createTable('delivery_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Enqueue order: jobs to one recipient are delivered one at a time, in this order.
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // The normalised address or E.164 number.
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pending', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    // While running: when the claim lapses and another process may take the job over.
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index delivery_jobs_open_idx on delivery_jobs (seq) where state in ('pending', 'running')`.execute(
    db,
  );
  await sql`create index delivery_jobs_open_recipient_idx on delivery_jobs (project_id, recipient, seq) where state in ('pending', 'running')`.execute(
    db,
  );
  await sql`create index delivery_jobs_finished_idx on delivery_jobs (finished_at) where finished_at is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_jobs').execute();
}

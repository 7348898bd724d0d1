/** @module 2026_12_01_050000_create_webhooks — webhook endpoints, the event outbox, its deliveries and their attempts (issue 20). Frozen. */
import { type Kysely, sql } from 'kysely';
import { projectRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .$call(projectRowColumns)
    .addColumn('url', 'text', (c) => c.notNull())
    // The event types delivered; an empty array means every type.
    .addColumn('event_types', 'jsonb', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    // Why the provider disabled it (`gone`: the receiver answered 410); null when an operator did or it is enabled.
    .addColumn('disabled_reason', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    // The signing secret: sealed with LATCHKEY_KEY_ENCRYPTION_SECRET when set (signing needs the plaintext).
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('secret_encryption', 'text', (c) =>
      c.notNull().check(sql`secret_encryption in ('none', 'aes-256-gcm')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index webhook_endpoints_project_idx on webhook_endpoints (project_id, created_at)`.execute(
    db,
  );

  // One row per event that at least one endpoint wanted; `body` is the exact JSON every attempt signs and sends.
  await db.schema
    .createTable('webhook_events')
    .$call(projectRowColumns)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index webhook_events_occurred_idx on webhook_events (occurred_at)`.execute(db);

  // The outbox: one row per (event, endpoint), written in the transaction of the change.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pending', 'running', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    // Retries last 24 hours from here: the event's time, or the replay's.
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('webhook_deliveries_event_endpoint_key', ['event_id', 'endpoint_id'])
    .execute();
  await sql`create index webhook_deliveries_open_idx on webhook_deliveries (run_at) where state in ('pending', 'running')`.execute(
    db,
  );
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id)`.execute(db);

  // The delivery log: one row per attempt.
  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('delivery_id', 'bigint', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    // Null when no answer came (refused, timed out).
    .addColumn('status_code', 'integer')
    .addColumn('response_excerpt', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await sql`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempt)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}

/** @module migrations — Clickwise's schema, in code so the built server carries it; never edit an old one. */
import { type Kysely, type Migration, sql } from 'kysely';

/** Schema `clickwise`: users, sessions, estimates and campaigns. */
const createTables: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema.withSchema('clickwise');
    await s
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('latchkey_user_id', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_sign_in_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await s
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('latchkey_session_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await s
      .createTable('estimates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('model_version', 'integer', (c) => c.notNull())
      .addColumn('search_term', 'text', (c) => c.notNull())
      .addColumn('daily_budget_cents', 'integer', (c) => c.notNull())
      .addColumn('result', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('estimates_model_term_budget_key', [
        'model_version',
        'search_term',
        'daily_budget_cents',
      ])
      .execute();
    await s
      .createTable('campaigns')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('estimate_id', 'text', (c) => c.references('estimates.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('search_terms', 'text', (c) => c.notNull())
      .addColumn('headline', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('daily_budget_cents', 'integer', (c) => c.notNull())
      .addColumn('locations', 'text', (c) => c.notNull())
      .addColumn('starts_on', 'text', (c) => c.notNull())
      .addColumn('ends_on', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('draft', 'active', 'paused')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await s.createIndex('campaigns_user_id_idx').on('campaigns').column('user_id').execute();
    await s.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  },
};

/**
 * The `webhook-id` of every Latchkey webhook acted on: delivery is at least once (a retry after a
 * lost answer, a replay), so a redelivered event is recognised and answered without acting twice.
 */
const createReceivedWebhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .withSchema('clickwise')
      .createTable('received_webhooks')
      .addColumn('webhook_id', 'text', (c) => c.primaryKey())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};

/** Every migration, keyed by name; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026_11_24_090000_create_tables': createTables,
  '2026_12_01_080000_create_received_webhooks': createReceivedWebhooks,
};

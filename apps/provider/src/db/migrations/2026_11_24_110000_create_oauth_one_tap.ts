/** @module 2026_11_24_110000_create_oauth_one_tap — the single-use callback ids (nonces) of Google One Tap. Frozen. */
import type { Kysely } from 'kysely';
import { createIndexOn, singleUseColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // One row per One Tap start: the SHA-256 of the callback id only, bound to the embedding page's
  // origin, consumed by one guarded UPDATE whatever the outcome.
  await db.schema
    .createTable('oauth_one_tap_callbacks')
    .addColumn('callback_hash', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('parent_origin', 'text', (c) => c.notNull())
    .$call(singleUseColumns)
    .execute();
  // The periodic sweep deletes by expiry (SECURITY K4: bounded growth).
  await createIndexOn(db, 'oauth_one_tap_callbacks_expires_idx', 'oauth_one_tap_callbacks', ['expires_at']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_one_tap_callbacks').execute();
}

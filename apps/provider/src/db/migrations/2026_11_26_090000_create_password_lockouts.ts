/** @module 2026_11_26_090000_create_password_lockouts — one row per time an account's password sign-in was locked at the failed-login cap, and how it ended. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // A lock is a fact about the account that does not age out (SECURITY A4, issue 16): it ends
  // only when the owner sets a new password after proving an address; the row stays as history.
  await db.schema
    .createTable('password_lockouts')
    .$call(userRowColumns)
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('unlocked_at', 'timestamptz')
    .addColumn('unlock_reason', 'text', (c) =>
      c.check(sql`unlock_reason in ('password_reset_by_email', 'password_set_after_email_sign_in')`),
    )
    .addCheckConstraint('password_lockouts_end_check', sql`(unlocked_at is null) = (unlock_reason is null)`)
    .execute();
  // At most one open lock per user: the guarded insert that wins this index is the one that tells the owner.
  await db.schema
    .createIndex('password_lockouts_open_idx')
    .on('password_lockouts')
    .column('user_id')
    .unique()
    .where(sql.ref('unlocked_at'), 'is', null)
    .execute();
  // The operator's view: the locks of a project, newest first.
  await createIndexOn(db, 'password_lockouts_project_idx', 'password_lockouts', ['project_id', 'locked_at']);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_lockouts').execute();
}

/** @module 2026_11_26_100000_create_second_factor_lockouts — consecutive failed second factors per user, and one row per time a user's second-factor sign-in was locked at the cap. Frozen. */
import { type Kysely, sql } from 'kysely';
import { createIndexOn, userRowColumns } from '../migration-shapes.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 16: whoever passed the first factor can mint intermediate sessions at will, so the
  // per-IST limit alone never bounds guessing. This counter spans ISTs, sessions, processes and
  // time; a success deletes it, and at the cap (100, NIST 800-63B §5.2.2) it refuses every attempt.
  await db.schema
    .createTable('second_factor_failures')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The history an operator reads (like password_lockouts): when the cap was reached, when and how it ended.
  await db.schema
    .createTable('second_factor_lockouts')
    .$call(userRowColumns)
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('unlocked_at', 'timestamptz')
    // 'operator': ended by hand (docs/provider-api.md), e.g. for a user with no address to reset by.
    .addColumn('unlock_reason', 'text', (c) =>
      c.check(
        sql`unlock_reason in ('password_reset_by_email', 'password_set_after_email_sign_in', 'operator')`,
      ),
    )
    .addCheckConstraint(
      'second_factor_lockouts_end_check',
      sql`(unlocked_at is null) = (unlock_reason is null)`,
    )
    .execute();
  // At most one open lock per user: the guarded insert that wins this index is the one that tells the owner.
  await db.schema
    .createIndex('second_factor_lockouts_open_idx')
    .on('second_factor_lockouts')
    .column('user_id')
    .unique()
    .where(sql.ref('unlocked_at'), 'is', null)
    .execute();
  await createIndexOn(db, 'second_factor_lockouts_project_idx', 'second_factor_lockouts', [
    'project_id',
    'locked_at',
  ]);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app\'s Database type (kysely docs).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('second_factor_lockouts').execute();
  await db.schema.dropTable('second_factor_failures').execute();
}

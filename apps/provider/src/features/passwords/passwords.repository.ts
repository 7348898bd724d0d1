/** @module passwords.repository — SQL for stored password hashes. */
import { compiledStatement } from '../../db/compiled-statement.js';
import type { DbExecutor } from '../../db/database.js';
import { isPasswordLockedSql } from '../users/user-with-factors.js';
import type { NewPasswordRow, PasswordRow } from './passwords.table.js';

/** The password of `userId`, if any. */
export async function findPassword(db: DbExecutor, userId: string): Promise<PasswordRow | undefined> {
  return db.selectFrom('passwords').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The password of the user owning the normalised address `email` in `projectId`, and whether its
 * sign-in is locked; undefined for an unknown address and for a user without a password. One
 * statement whatever the case, so a login's lookup costs the same for every address.
 */
export async function findPasswordForLogin(
  db: DbExecutor,
  projectId: string,
  email: string,
): Promise<{ password: PasswordRow; locked: boolean } | undefined> {
  const [row] = await passwordForLoginStatement.execute(db, { project_id: projectId, email });
  if (!row) return undefined;
  const { locked, ...password } = row;
  return { password, locked };
}

/** The statement of findPasswordForLogin, compiled once (it runs on every login). */
const passwordForLoginStatement = compiledStatement(['project_id', 'email'], (db, v) =>
  db
    .selectFrom('emails')
    .innerJoin('passwords', 'passwords.user_id', 'emails.user_id')
    .selectAll('passwords')
    .select(isPasswordLockedSql('passwords.user_id').as('locked'))
    .where('emails.project_id', '=', v.project_id)
    .where('emails.email', '=', v.email),
);

/** Stores a user's first password; undefined when the user already has one (a concurrent create). */
export async function insertPasswordIfAbsent(
  db: DbExecutor,
  row: NewPasswordRow,
): Promise<PasswordRow | undefined> {
  return db
    .insertInto('passwords')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Replaces the hash only if it is still `expectedHash` (a rehash after login must not undo a
 * reset that committed in between).
 */
export async function replacePasswordHash(
  db: DbExecutor,
  userId: string,
  expectedHash: string,
  hash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('passwords')
    .set({ hash, updated_at: now })
    .where('user_id', '=', userId)
    .where('hash', '=', expectedHash)
    .execute();
}

/**
 * Sets a user's password (insert with `id`, or replace the hash keeping the old id), clearing
 * `requires_reset` unless the row asks for it (the development demo accounts).
 */
export async function setPassword(
  db: DbExecutor,
  row: { id: string; user_id: string; project_id: string; hash: string; requires_reset?: boolean },
  now: Date,
): Promise<void> {
  const requiresReset = row.requires_reset ?? false;
  await db
    .insertInto('passwords')
    .values({ ...row, requires_reset: requiresReset, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ hash: row.hash, requires_reset: requiresReset, updated_at: now }),
    )
    .execute();
}

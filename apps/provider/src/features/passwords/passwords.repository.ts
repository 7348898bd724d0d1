/** @module passwords.repository — SQL for stored password hashes. */
import { type RawBuilder, sql } from 'kysely';
import { compiledStatement } from '../../db/compiled-statement.js';
import type { DbExecutor } from '../../db/database.js';
import { isLockedSql } from './password-lockouts.repository.js';
import type { NewPasswordRow, PasswordRow } from './passwords.table.js';

/** The wire User's `password` (wire/objects.md): null for a user without one. */
export interface PasswordSummary {
  password_id: string;
  requires_reset: boolean;
}

/**
 * A user's password as one json value (or null), for a select list next to emailsJsonOf;
 * `userId` is the column holding the user's id. Never the hash. `requires_reset` is also true
 * while the password sign-in is locked, so the signed-in owner's app can ask for a new password.
 */
export function passwordJsonOf(userId: string): RawBuilder<PasswordSummary | null> {
  return sql<PasswordSummary | null>`(
    select json_build_object(
      'password_id', pw.id,
      'requires_reset', pw.requires_reset or ${isLockedSql('pw.user_id')}
    )
    from passwords as pw
    where pw.user_id = ${sql.ref(userId)}
  )`;
}

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
    .select(isLockedSql('passwords.user_id').as('locked'))
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

/** Sets a user's password (insert with `id`, or replace the hash keeping the old id), clearing `requires_reset`. */
export async function setPassword(
  db: DbExecutor,
  row: { id: string; user_id: string; project_id: string; hash: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('passwords')
    .values({ ...row, requires_reset: false, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ hash: row.hash, requires_reset: false, updated_at: now }),
    )
    .execute();
}

/**
 * Revokes the user's live sessions except `keepSessionId` (SECURITY B9: a password change ends
 * every other session). Returns how many were revoked.
 */
export async function revokeOtherSessions(
  db: DbExecutor,
  projectId: string,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** @module password-resets.repository — SQL for reset-by-email tokens; consumption is one guarded UPDATE. */
import type { DbExecutor } from '../../db/database.js';
import type { PasswordResetRow } from './passwords.table.js';

/** Revokes the user's open reset tokens (a newer reset or a password change supersedes them). */
export async function revokeOpenResets(db: DbExecutor, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Stores a new reset token (its hash). */
export async function insertReset(db: DbExecutor, row: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** The reset token of `tokenHash` in `projectId`, whatever its state. */
export async function findResetByTokenHash(
  db: DbExecutor,
  projectId: string,
  tokenHash: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used if it still is open and unexpired; false when another request won (SECURITY B3). */
export async function consumeReset(db: DbExecutor, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes one reset token unless it was used (its email could not be delivered, SECURITY J6). */
export async function revokeReset(db: DbExecutor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * @module password-lockouts.repository — SQL of the lasting password lock (SECURITY A4); the
 * guarded statements that start and end it are db/lockout-rows.ts, shared with the second-factor lock.
 */
import type { DbExecutor } from '../../db/database.js';

/** Whether the user's password sign-in is locked. */
export async function isPasswordLocked(db: DbExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_lockouts')
    .select('id')
    .where('user_id', '=', userId)
    .where('unlocked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** @module password-resets.repository — SQL for reset-by-email tokens; consumption is one guarded UPDATE. */
import type { DbExecutor } from '../../db/database.js';
import { singleUseRows } from '../../db/single-use-rows.js';
import type { PasswordResetRow } from './passwords.table.js';

/** Stores a new reset token (its hash). */
export async function insertReset(db: DbExecutor, row: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Reset tokens are single-use rows: found by hash, consumed once (SECURITY B3), revoked when a
 * newer reset or a password change supersedes them or their email could not be delivered (J6).
 */
export const passwordResets = singleUseRows('password_resets');

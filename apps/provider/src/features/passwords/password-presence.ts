/**
 * @module password-presence — whether a user has a password, for features that decide on it
 * (OAuth account linking). The passwords repository stays private to this folder.
 */
import type { DbExecutor } from '../../db/database.js';
import { findPassword } from './passwords.repository.js';

/** Whether user `userId` has a password. */
export async function userHasPassword(db: DbExecutor, userId: string): Promise<boolean> {
  return (await findPassword(db, userId)) !== undefined;
}

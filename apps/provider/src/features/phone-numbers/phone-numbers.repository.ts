/** @module phone-numbers.repository — SQL for users' phone numbers. */
import type { DbExecutor } from '../../db/database.js';
import { findColumnsBy, findRowBy, insertRowIfAbsent } from '../../db/keyed-rows.js';
import type { NewPhoneNumberRow } from './phone-numbers.table.js';

/** The phone row for an E.164 number in `projectId`. */
export const findPhoneByNumber = (db: DbExecutor, projectId: string, phoneNumber: string) =>
  findRowBy(db, 'phone_numbers', { project_id: projectId, phone_number: phoneNumber });

/** Inserts a phone number; returns undefined when the number is already taken in the project. */
export const insertPhoneIfAbsent = (db: DbExecutor, row: NewPhoneNumberRow) =>
  insertRowIfAbsent(db, 'phone_numbers', row);

/** Whether `phoneNumber` is a verified number of user `userId`. */
export async function isVerifiedNumberOf(
  db: DbExecutor,
  userId: string,
  phoneNumber: string,
): Promise<boolean> {
  const key = { user_id: userId, phone_number: phoneNumber, verified: true };
  return (await findColumnsBy(db, 'phone_numbers', key, ['id'])) !== undefined;
}

/** Marks a phone number verified. */
export async function markPhoneVerified(db: DbExecutor, phoneId: string): Promise<void> {
  await db.updateTable('phone_numbers').set({ verified: true }).where('id', '=', phoneId).execute();
}

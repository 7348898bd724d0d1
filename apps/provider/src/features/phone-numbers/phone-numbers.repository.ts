/** @module phone-numbers.repository — SQL for users' phone numbers. */
import type { DbExecutor } from '../../db/database.js';
import type { NewPhoneNumberRow, PhoneNumberRow } from './phone-numbers.table.js';

/** The phone row for an E.164 number in `projectId`. */
export async function findPhoneByNumber(
  db: DbExecutor,
  projectId: string,
  phoneNumber: string,
): Promise<PhoneNumberRow | undefined> {
  return db
    .selectFrom('phone_numbers')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

/** Inserts a phone number; returns undefined when the number is already taken in the project. */
export async function insertPhoneIfAbsent(
  db: DbExecutor,
  row: NewPhoneNumberRow,
): Promise<PhoneNumberRow | undefined> {
  return db
    .insertInto('phone_numbers')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'phone_number']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Whether `phoneNumber` is a verified number of user `userId`. */
export async function isVerifiedNumberOf(
  db: DbExecutor,
  userId: string,
  phoneNumber: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('phone_numbers')
    .select('id')
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .where('verified', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a phone number verified. */
export async function markPhoneVerified(db: DbExecutor, phoneId: string): Promise<void> {
  await db.updateTable('phone_numbers').set({ verified: true }).where('id', '=', phoneId).execute();
}

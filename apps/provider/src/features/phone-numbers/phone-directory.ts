/**
 * @module phone-directory — what other features (SMS and WhatsApp passcodes, the SMS second factor)
 * may do with users' phone numbers: find, add, mark verified. The phone-numbers repository stays private to this folder.
 */
import type { DbExecutor } from '../../db/database.js';
import {
  findPhoneByNumber,
  insertPhoneIfAbsent,
  isVerifiedNumberOf,
  markPhoneVerified,
} from './phone-numbers.repository.js';
import type { NewPhoneNumberRow, PhoneNumberRow } from './phone-numbers.table.js';

/** The phone-number operations other features use. */
export interface PhoneDirectory {
  /** The phone row for an E.164 number in `projectId`. */
  findByNumber(db: DbExecutor, projectId: string, phoneNumber: string): Promise<PhoneNumberRow | undefined>;
  /** Adds a number; undefined when it is already taken in the project. */
  addIfAbsent(db: DbExecutor, row: NewPhoneNumberRow): Promise<PhoneNumberRow | undefined>;
  /** Marks a number verified. */
  markVerified(db: DbExecutor, phoneId: string): Promise<void>;
  /** Whether `phoneNumber` is a verified number of user `userId` (where an SMS second factor may go). */
  isVerifiedNumberOf(db: DbExecutor, userId: string, phoneNumber: string): Promise<boolean>;
}

/** The directory over this provider's database. */
export const phoneDirectory: PhoneDirectory = {
  findByNumber: findPhoneByNumber,
  addIfAbsent: insertPhoneIfAbsent,
  markVerified: markPhoneVerified,
  isVerifiedNumberOf,
};

/** @module phone-numbers.table — users' phone numbers, E.164, unique per project. */
import type { Insertable, Selectable } from 'kysely';
import type { UserOwnedColumns } from '../../db/shared-columns.js';

/** Columns of `phone_numbers`: one number per row, in E.164 form (`+14155552671`). */
export interface PhoneNumbersTable extends UserOwnedColumns {
  phone_number: string;
  verified: boolean;
}

export type PhoneNumberRow = Selectable<PhoneNumbersTable>;
export type NewPhoneNumberRow = Insertable<PhoneNumbersTable>;

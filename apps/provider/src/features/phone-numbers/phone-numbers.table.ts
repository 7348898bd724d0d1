/** @module phone-numbers.table — users' phone numbers, E.164, unique per project. */
import type { Insertable, Selectable } from 'kysely';

/** Columns of `phone_numbers`: one number per row, in E.164 form (`+14155552671`). */
export interface PhoneNumbersTable {
  id: string;
  project_id: string;
  user_id: string;
  phone_number: string;
  verified: boolean;
  created_at: Date;
}

export type PhoneNumberRow = Selectable<PhoneNumbersTable>;
export type NewPhoneNumberRow = Insertable<PhoneNumbersTable>;

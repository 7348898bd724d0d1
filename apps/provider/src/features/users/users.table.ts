/** @module users.table — the users and emails tables. */
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';
import type { UserOwnedColumns } from '../../db/shared-columns.js';

/** `pending` until the first successful authentication (create_user_as_pending). */
export type UserStatus = 'active' | 'pending';

/** Columns of `users`. */
export interface UsersTable {
  id: string;
  project_id: string;
  status: UserStatus;
  first_name: string;
  middle_name: string;
  last_name: string;
  trusted_metadata: JsonColumn<Record<string, unknown>>;
  untrusted_metadata: JsonColumn<Record<string, unknown>>;
  /** The integrator's own id for the user (server API), unique per project; null when unset. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The user's WebAuthn user handle when the server API set one (`override_id`), unique per
   * project; null when it is the user id.
   */
  webauthn_user_handle: ColumnType<string | null, string | null | undefined, string | null>;
  /** Role ids the server API assigned (a JSON array, `[]` by default). */
  roles: ColumnType<string[], string | undefined, string>;
  created_at: Date;
  updated_at: Date;
}

/** Columns of `emails`: one address per row, unique per project, lower-cased. */
export interface EmailsTable extends UserOwnedColumns {
  email: string;
  verified: boolean;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type EmailRow = Selectable<EmailsTable>;
export type NewEmailRow = Insertable<EmailsTable>;

/** @module passwords.table — the passwords, login_failures, password_resets and password_lockouts tables. */
import type { Insertable, Selectable } from 'kysely';
import type { RevocableColumns, UserOwnedColumns } from '../../db/shared-columns.js';

/**
 * Columns of `passwords`: at most one per user; `hash` is an argon2id PHC string. The id (the wire
 * `password_id`) is kept when the hash is replaced.
 */
export interface PasswordsTable extends UserOwnedColumns {
  hash: string;
  /** Set when the password must be replaced before the next login (e.g. found breached). */
  requires_reset: boolean;
  updated_at: Date;
}

/** Columns of `login_failures`: consecutive failed logins of one identifier (SHA-256 of the key). */
export interface LoginFailuresTable {
  project_id: string;
  scope: string;
  key_hash: string;
  failures: number;
  locked_until: Date | null;
  last_failure_at: Date;
}

/** Columns of `password_resets`: one emailed reset token (its SHA-256), single use. */
export interface PasswordResetsTable extends RevocableColumns {
  id: string;
  project_id: string;
  user_id: string;
  email_id: string;
  token_hash: string;
  code_challenge: string | null;
}

/** How a lock ended: a new password set by someone who proved an address of the account. */
export type UnlockReason = 'password_reset_by_email' | 'password_set_after_email_sign_in';

/**
 * Columns of `password_lockouts`: one row per time the account's password sign-in was locked at
 * the failed-login cap; open while `unlocked_at` is null (at most one open row per user).
 */
export interface PasswordLockoutsTable {
  id: string;
  project_id: string;
  user_id: string;
  locked_at: Date;
  unlocked_at: Date | null;
  unlock_reason: UnlockReason | null;
}

export type PasswordLockoutRow = Selectable<PasswordLockoutsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type PasswordRow = Selectable<PasswordsTable>;
export type NewPasswordRow = Insertable<PasswordsTable>;

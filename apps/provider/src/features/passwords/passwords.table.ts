/** @module passwords.table — the passwords, login_failures and password_resets tables. */
import type { Insertable, Selectable } from 'kysely';

/** Columns of `passwords`: at most one per user; `hash` is an argon2id PHC string. */
export interface PasswordsTable {
  /** The wire `password_id` (`password-{environment}-{uuid}`); kept when the hash is replaced. */
  id: string;
  user_id: string;
  project_id: string;
  hash: string;
  /** Set when the password must be replaced before the next login (e.g. found breached). */
  requires_reset: boolean;
  created_at: Date;
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
export interface PasswordResetsTable {
  id: string;
  project_id: string;
  user_id: string;
  email_id: string;
  token_hash: string;
  code_challenge: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type PasswordRow = Selectable<PasswordsTable>;
export type NewPasswordRow = Insertable<PasswordsTable>;
export type LoginFailureRow = Selectable<LoginFailuresTable>;

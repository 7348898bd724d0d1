/** @module totps.table — the totps and totp_recovery_codes tables. */
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { UserOwnedColumns } from '../../db/shared-columns.js';

/** Columns of `totps`: a user's authenticator app (at most one per user); id: the wire `totp_id`. */
export interface TotpsTable extends UserOwnedColumns {
  /** Base32 secret, sealed with sealSecret when `secret_encryption` is `aes-256-gcm`. */
  secret: string;
  secret_encryption: 'none' | 'aes-256-gcm';
  verified: boolean;
  /** Until when an unverified TOTP can be confirmed; null once verified. */
  expires_at: Date | null;
  /** bigint: the pg driver reads it as a string, PGlite as a number; write numbers, read with Number(). */
  last_used_step: ColumnType<string | number | null, number | null, number | null>;
}

/** Columns of `totp_recovery_codes`: single-use codes, stored hashed only (recovery-code-at-rest.ts). */
export interface TotpRecoveryCodesTable {
  /** The wire `totp_recovery_code_id` of the factor (`totp-recovery-code-{environment}-{uuid}`). */
  id: string;
  totp_id: string;
  /** The code's first letter (not secret), unique in its set; null on a legacy SHA-256 row. */
  code_selector: string | null;
  /** argon2id PHC string with the code's own salt; the unsalted SHA-256 on a legacy row. */
  code_hash: string;
  used_at: Date | null;
}

export type TotpRow = Selectable<TotpsTable>;
export type NewTotpRow = Insertable<TotpsTable>;
export type TotpRecoveryCodeRow = Selectable<TotpRecoveryCodesTable>;
export type NewTotpRecoveryCodeRow = Insertable<TotpRecoveryCodesTable>;

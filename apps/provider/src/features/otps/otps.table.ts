/** @module otps.table — issued one-time passcodes; only a salted HMAC of each code is stored. */
import type { Insertable, Selectable } from 'kysely';
import type { RevocableColumns } from '../../db/shared-columns.js';

/** How a code reaches its recipient. */
export type OtpChannel = 'email' | 'sms' | 'whatsapp';

/**
 * Why the code was sent: sign in (`login`), finish a new account (`signup`), add the address
 * or number to the signed-in user (`secondary`), or nothing at all (`decoy`: the recipient has
 * no account, so the code was never sent; the row makes failures look the same — SECURITY E3).
 */
export type OtpPurpose = 'login' | 'signup' | 'secondary' | 'decoy';

/**
 * Columns of `otp_codes`. A code is open while consumed_at and revoked_at are null; it can be
 * tried while it is open, not expired and attempts < 5. At most one open code per method.
 */
export interface OtpCodesTable extends RevocableColumns<'consumed_at'> {
  id: string;
  project_id: string;
  /** The email_id or phone_id the code was sent to (the wire `method_id`). */
  method_id: string;
  channel: OtpChannel;
  /** The normalised address or E.164 number. */
  destination: string;
  purpose: OtpPurpose;
  /** The user the code signs in (or adds the method to); null for decoys. */
  user_id: string | null;
  /**
   * The signed-in user whose session (or IST) asked for the code at send/secondary, real or
   * decoy; only their live session or IST may try it (issue 16). Null for signed-out sends.
   */
  requested_by_user_id: string | null;
  /** HMAC-SHA-256 of the code keyed by `salt`, base64url. */
  code_hash: string;
  /** 16 random bytes, base64url. */
  salt: string;
  /** Attempts evaluated so far, right or wrong (SECURITY A1, A2). */
  attempts: number;
}

export type OtpCodeRow = Selectable<OtpCodesTable>;
export type NewOtpCodeRow = Insertable<OtpCodesTable>;

/** @module second-factor-lockouts.table — the second_factor_failures counter and the second_factor_lockouts history. */
import type { Selectable } from 'kysely';

/**
 * Columns of `second_factor_failures`: the consecutive failed second-factor attempts of one user
 * (TOTP, recovery and SMS codes; with an IST or a session). No row: none since the last success.
 * At SECOND_FACTOR_CAP it is the lock: every further attempt is refused unchecked.
 */
export interface SecondFactorFailuresTable {
  user_id: string;
  project_id: string;
  failures: number;
  last_failure_at: Date;
}

/**
 * How a second-factor lock ended by a proof: the password lock's reasons, spelled here too (the
 * same proofs end both, and passwords calls this lock, so mfa does not import passwords' type).
 */
export type SecondFactorProofUnlockReason = 'password_reset_by_email' | 'password_set_after_email_sign_in';

/**
 * How a second-factor lock ended: a proof, or `operator` when ended by hand in SQL
 * (docs/provider-api.md "Second-factor lock").
 */
export type SecondFactorUnlockReason = SecondFactorProofUnlockReason | 'operator';

/**
 * Columns of `second_factor_lockouts`: one row per time the user's second factor reached the cap;
 * open while `unlocked_at` is null (at most one open row per user).
 */
export interface SecondFactorLockoutsTable {
  id: string;
  project_id: string;
  user_id: string;
  locked_at: Date;
  unlocked_at: Date | null;
  unlock_reason: SecondFactorUnlockReason | null;
}

export type SecondFactorLockoutRow = Selectable<SecondFactorLockoutsTable>;

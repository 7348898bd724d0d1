/**
 * @module shared-columns — the column groups several tables share, each the contract of the
 * statements that act on any of them (db/user-owned-rows.ts, db/single-use-rows.ts), so a table's
 * interface lists only its own columns.
 */

/** A row of one user's sign-in factors: removed one at a time, guarded by its owner (user-owned-rows). */
export interface UserOwnedColumns {
  /** The factor's wire id (`totp-{environment}-{uuid}`, `crypto-wallet-…`, …). */
  id: string;
  project_id: string;
  user_id: string;
  created_at: Date;
}

/**
 * A single-use secret (single-use-rows): open until `expires_at` while `UsedColumn` is null, used
 * once by the statement that sets it.
 */
export type SingleUseColumns<UsedColumn extends string = 'used_at'> = {
  created_at: Date;
  expires_at: Date;
} & { [Column in UsedColumn]: Date | null };

/** A single-use secret that can also be revoked: superseded, undeliverable, or tried too often. */
export type RevocableColumns<UsedColumn extends string = 'used_at'> = SingleUseColumns<UsedColumn> & {
  revoked_at: Date | null;
};

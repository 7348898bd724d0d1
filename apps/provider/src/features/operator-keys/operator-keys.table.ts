/** @module operator-keys.table — the operator keys that may call the project administration API; stored hashed. */
import type { Insertable, Selectable } from 'kysely';

/** Columns of `operator_keys`. */
export interface OperatorKeysTable {
  id: string;
  /** What the operator called it (e.g. "CI", "console"). */
  name: string;
  /** SHA-256 (base64url) of the credential; the credential itself is never stored. */
  key_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  /** Set when revoked: the key is refused from then on. */
  revoked_at: Date | null;
}

export type OperatorKeyRow = Selectable<OperatorKeysTable>;
export type NewOperatorKeyRow = Insertable<OperatorKeysTable>;

/** @module console-operators.table — the console's operator project and the operators who may sign in to it. */
import type { Insertable, Selectable } from 'kysely';

/** Columns of `operator_project`: at most one row, naming the project the console signs in with. */
export interface OperatorProjectTable {
  singleton: boolean;
  project_id: string;
}

/** Where an operator is: invited (not yet accepted), active, or removed. */
export type ConsoleOperatorStatus = 'invited' | 'active' | 'removed';

/** Columns of `console_operators`. */
export interface ConsoleOperatorsTable {
  /** `console-operator-{uuid}`: the actor id the audit log records for this operator's changes. */
  id: string;
  /** The address invited; the accepting user must own it. */
  email: string;
  /** The operator project's user who accepted the invite. */
  user_id: string | null;
  status: ConsoleOperatorStatus;
  /** SHA-256 of the single-use invite token; null once accepted. */
  invite_token_hash: string | null;
  invite_expires_at: Date | null;
  /** The operator (key id or console operator id) who sent the invite. */
  invited_by: string;
  created_at: Date;
  accepted_at: Date | null;
  /** When the operator's latest console session started (updated by the first call it makes). */
  last_sign_in_at: Date | null;
  removed_at: Date | null;
}

export type ConsoleOperatorRow = Selectable<ConsoleOperatorsTable>;
export type NewConsoleOperatorRow = Insertable<ConsoleOperatorsTable>;

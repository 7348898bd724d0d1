/** @module intermediate-sessions.table — intermediate sessions: a primary sign-in waiting for its second factor. */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';
import type { RevocableColumns } from '../../db/shared-columns.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';

/** Columns of `intermediate_sessions`. Live while unused, unrevoked and unexpired; the token is stored as its SHA-256. */
export interface IntermediateSessionsTable extends RevocableColumns {
  id: string;
  project_id: string;
  user_id: string;
  token_hash: string;
  /** The factor the primary sign-in proved; the session made later lists it first. */
  primary_factor: JsonColumn<AuthenticationFactor>;
  /** Failed second-factor attempts (TOTP, recovery codes and SMS codes together); the fifth revokes it. */
  failed_attempts: Generated<number>;
}

export type IntermediateSessionRow = Selectable<IntermediateSessionsTable>;
export type NewIntermediateSessionRow = Insertable<IntermediateSessionsTable>;

/** @module audit-events.table — one row per administrative change or security event of a project. */
import type { Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';
import type { EventActor } from '../../domain-events/domain-event.js';

/** Columns of `audit_events`. */
export interface AuditEventsTable {
  id: string;
  /** Null for the deployment's own changes (operator keys): the operator view lists those. */
  project_id: string | null;
  occurred_at: Date;
  /** The domain event's type, e.g. `user.deleted`, `project.updated`. */
  action: string;
  actor_type: EventActor['type'];
  /** The operator, project or user id; null for the provider itself. */
  actor_id: string | null;
  /** The user the event concerns; kept after the user is erased (an opaque id, nothing else of theirs). */
  user_id: string | null;
  ip_address: string | null;
  /** Ids and kinds of what the event touched (never names, addresses or metadata). */
  details: JsonColumn<Record<string, unknown>>;
  /** Settings: `{before, after}`; a user's changes: `{fields}` only. */
  changes: JsonColumn<Record<string, unknown>> | null;
}

export type AuditEventRow = Selectable<AuditEventsTable>;
export type NewAuditEventRow = Insertable<AuditEventsTable>;

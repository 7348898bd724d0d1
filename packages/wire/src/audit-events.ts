/** @module audit-events — GET /v1/audit_events (project secret): the audit log's records, newest first. */
import { type Static, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';

/** Who made a change: an operator, the project's back end (its secret), the user, or the provider itself (`id` null). */
export const AuditActorSchema = Type.Object({
  type: Type.Union([
    Type.Literal('operator'),
    Type.Literal('project'),
    Type.Literal('user'),
    Type.Literal('system'),
  ]),
  id: Type.Union([Type.String(), Type.Null()]),
});

/** One record: what happened (`action`, a webhook event type or an administrative one), to whom, by whom, from where. */
export const AuditEventSchema = Type.Object({
  audit_event_id: Type.String(),
  /** Null for the deployment's own changes (operator keys), which only the operator view lists. */
  project_id: Type.Union([Type.String(), Type.Null()]),
  occurred_at: Type.String(),
  action: Type.String(),
  actor: AuditActorSchema,
  user_id: Type.Union([Type.String(), Type.Null()]),
  ip_address: Type.Union([Type.String(), Type.Null()]),
  /** Ids and kinds of what was touched; never a person's name, address or metadata. */
  details: Type.Record(Type.String(), Type.Unknown()),
  /** Settings: `{before, after}`; a user's change: `{fields}`; null when nothing was changed in place. */
  changes: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});

export const AuditEventsListResponse = Type.Object({
  ...flatAnswerFields,
  audit_events: Type.Array(AuditEventSchema),
  results_metadata: Type.Object({
    /** Pass as `cursor` for the next page; null on the last page. */
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  }),
});

export type AuditEvent = Static<typeof AuditEventSchema>;
export type AuditEventsListResult = Static<typeof AuditEventsListResponse>;

/** @module audit-log.schemas — GET /v1/audit_events: filters in the query string, the wire's list answer. */
import { Type } from 'typebox';
import { MAX_AUDIT_PAGE_SIZE } from './audit-log-policy.js';

/** Query-string values arrive as strings (nothing is coerced): numbers and times are checked by pattern and format. */
export const AuditEventsQuery = Type.Object(
  {
    /** One action or several, comma-separated, e.g. `user.deleted,session.revoked`. */
    action: Type.Optional(
      Type.String({ pattern: '^[a-z_]+\\.[a-z_]+(,[a-z_]+\\.[a-z_]+)*$', maxLength: 512 }),
    ),
    actor_type: Type.Optional(
      Type.Union([
        Type.Literal('operator'),
        Type.Literal('project'),
        Type.Literal('user'),
        Type.Literal('system'),
      ]),
    ),
    actor_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    /** RFC 3339 times; `occurred_after` inclusive, `occurred_before` exclusive. */
    occurred_after: Type.Optional(Type.String({ format: 'date-time' })),
    occurred_before: Type.Optional(Type.String({ format: 'date-time' })),
    /** 1 to MAX_AUDIT_PAGE_SIZE. */
    limit: Type.Optional(Type.String({ pattern: `^([1-9][0-9]{0,2}|${MAX_AUDIT_PAGE_SIZE})$` })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);

/** The operator view's filters: the project's, and one project (its operators' changes only). */
export const OperatorAuditEventsQuery = Type.Object(
  {
    ...AuditEventsQuery.properties,
    project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);

export { AuditEventsListResponse } from '@latchkey/wire';

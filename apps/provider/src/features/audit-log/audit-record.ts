/**
 * @module audit-record — what the audit log keeps of a domain event. It keeps ids and kinds,
 * never a person's name, address or metadata, so erasing a user (GDPR Art. 17) leaves their
 * records as opaque ids; settings changes keep their values before and after.
 */
import { toJson } from '../../db/json-column.js';
import type { DeploymentEvent, DomainEvent } from '../../domain-events/domain-event.js';
import type { NewAuditEventRow } from './audit-events.table.js';
import { keepsChangedValues } from './audit-log-policy.js';

/** Object fields the log keeps besides ids: kinds and states, which say what happened without saying who. */
const KEPT_FIELDS = new Set(['type', 'status', 'delivery_method', 'provider_type', 'reason']);

/** The ids (`*_id`) and kinds of `data`, one level deep, and the factor types of a session. */
export function auditDetails(data: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (
      (key.endsWith('_id') || KEPT_FIELDS.has(key)) &&
      (typeof value === 'string' || typeof value === 'number')
    ) {
      details[key] = value;
    }
  }
  const factors = data.authentication_factors;
  if (Array.isArray(factors)) {
    details.authentication_factors = factors.map((factor) =>
      typeof factor === 'object' && factor !== null ? (factor as { type?: unknown }).type : null,
    );
  }
  return details;
}

/** A settings change keeps both values; any other change keeps only the names of the fields it changed. */
export function auditChanges(event: DomainEvent | DeploymentEvent): Record<string, unknown> | null {
  if (!event.changes) return null;
  const { before, after } = event.changes;
  if (keepsChangedValues(event.type)) return { before, after };
  const fields = new Set([...objectKeys(before), ...objectKeys(after)]);
  return { fields: [...fields].sort() };
}

function objectKeys(value: unknown): string[] {
  return typeof value === 'object' && value !== null ? Object.keys(value) : [];
}

/** The user an event concerns: the actor when a user acted, else the object's `user_id`. */
function concernedUser(event: DomainEvent | DeploymentEvent): string | null {
  const userId = event.data.user_id;
  if (typeof userId === 'string') return userId;
  return event.actor.type === 'user' ? event.actor.id : null;
}

/** The row recording `event`. */
export function auditRow(id: string, event: DomainEvent | DeploymentEvent): NewAuditEventRow {
  const changes = auditChanges(event);
  return {
    id,
    project_id: event.projectId,
    occurred_at: event.occurredAt,
    action: event.type,
    actor_type: event.actor.type,
    actor_id: event.actor.type === 'system' ? null : event.actor.id,
    user_id: concernedUser(event),
    ip_address: event.ipAddress ?? null,
    details: toJson(auditDetails(event.data)),
    changes: changes === null ? null : toJson(changes),
  };
}

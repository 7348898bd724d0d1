/** @module audit-log.service — records every domain event and pages through a project's records. */

import type { AuditEvent } from '@latchkey/wire';
import type { Static } from 'typebox';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import { environmentOfProject, newId } from '../../ids.js';
import type { Random } from '../../random.js';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor.js';
import {
  deleteAuditEventsBefore,
  forgetUserAddresses,
  insertAuditEvent,
  listAuditEvents,
} from './audit-events.repository.js';
import type { AuditEventRow } from './audit-events.table.js';
import type { AuditEventsQuery } from './audit-log.schemas.js';
import { DEFAULT_AUDIT_PAGE_SIZE } from './audit-log-policy.js';
import { auditRow } from './audit-record.js';

/** Subscribes the audit log to every event: one record per event, in the change's transaction. */
export function recordDomainEvents(bus: DomainEventBus, random: Random): void {
  bus.subscribe('*', async (db, event) => {
    await insertAuditEvent(
      db,
      auditRow(newId('auditEvent', environmentOfProject(event.projectId), random), event),
    );
  });
  // The deployment's own changes (operator keys) have no project, hence no test/live environment.
  bus.subscribeDeployment(async (db, event) => {
    await insertAuditEvent(db, auditRow(newId('auditEvent', 'live', random), event));
  });
  // An erased user's addresses go with them; what was done stays, as opaque ids.
  bus.subscribe('user.deleted', async (db, event) => {
    const userId = event.data.user_id;
    if (typeof userId === 'string') await forgetUserAddresses(db, event.projectId, userId);
  });
}

/** Deletes the records older than `retentionDays` before `clock.now()`. */
export async function sweepAuditEvents(db: Db, clock: Clock, retentionDays: number): Promise<void> {
  await deleteAuditEventsBefore(db, new Date(clock.now().getTime() - retentionDays * 86_400_000));
}

function toWire(row: AuditEventRow): AuditEvent {
  return {
    audit_event_id: row.id,
    project_id: row.project_id,
    occurred_at: row.occurred_at.toISOString(),
    action: row.action,
    actor: { type: row.actor_type, id: row.actor_id },
    user_id: row.user_id,
    ip_address: row.ip_address,
    details: row.details,
    changes: row.changes,
  };
}

/**
 * One page of records under the query's filters, and the cursor of the next: `projectId`'s, or with
 * `{ scope: 'operator' }` every operator's change and every deployment record.
 */
export async function pageAuditEvents(
  db: Db,
  scope: string | { scope: 'operator'; projectId?: string },
  query: Static<typeof AuditEventsQuery>,
): Promise<{ audit_events: AuditEvent[]; next_cursor: string | null }> {
  const cursor = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
  if (query.cursor !== undefined && cursor === undefined) {
    throw new ApiError('invalid_request', {
      message: 'The cursor is not one this API returned.',
      body: [{ dataPath: '.cursor', message: 'must be a next_cursor from a previous page' }],
    });
  }
  const limit = query.limit === undefined ? DEFAULT_AUDIT_PAGE_SIZE : Number(query.limit);
  // One more than a page tells whether another page follows without counting.
  const rows = await listAuditEvents(
    db,
    {
      ...(typeof scope === 'string' ? { scope: 'project' as const, projectId: scope } : scope),
      actions: query.action?.split(','),
      actorType: query.actor_type,
      actorId: query.actor_id,
      userId: query.user_id,
      occurredAfter: query.occurred_after === undefined ? undefined : new Date(query.occurred_after),
      occurredBefore: query.occurred_before === undefined ? undefined : new Date(query.occurred_before),
    },
    cursor,
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    audit_events: page.map(toWire),
    next_cursor:
      rows.length > limit && last ? encodeAuditCursor({ occurredAt: last.occurred_at, id: last.id }) : null,
  };
}

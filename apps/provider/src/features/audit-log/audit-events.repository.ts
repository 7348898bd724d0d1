/** @module audit-events.repository — SQL for the audit log: append, page newest first, forget past retention. */
import type { DbExecutor } from '../../db/database.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { AuditEventRow, NewAuditEventRow } from './audit-events.table.js';

/** Appends one record. */
export async function insertAuditEvent(db: DbExecutor, row: NewAuditEventRow): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

/** Where a page starts: the last record of the previous page. */
export interface AuditCursor {
  occurredAt: Date;
  id: string;
}

/**
 * What a listing is narrowed to. `project`: one project's records. `operator`: every operator's
 * changes to any project and every deployment record (no project), optionally of one project.
 */
export interface AuditEventFilter {
  scope: 'project' | 'operator';
  projectId?: string;
  actions?: string[];
  actorType?: EventActor['type'];
  actorId?: string;
  userId?: string;
  occurredAfter?: Date;
  occurredBefore?: Date;
}

/**
 * Up to `limit` records, newest first, after `cursor`. The order is (occurred_at, id)
 * descending, a total order, so a page never repeats or skips a record however many are
 * appended meanwhile (they are newer than any cursor taken before them).
 */
export async function listAuditEvents(
  db: DbExecutor,
  filter: AuditEventFilter,
  cursor: AuditCursor | undefined,
  limit: number,
): Promise<AuditEventRow[]> {
  let query = db.selectFrom('audit_events').selectAll();
  if (filter.scope === 'operator')
    query = query.where((eb) => eb.or([eb('project_id', 'is', null), eb('actor_type', '=', 'operator')]));
  else if (filter.projectId === undefined) throw new Error('a project listing needs its project');
  if (filter.projectId !== undefined) query = query.where('project_id', '=', filter.projectId);
  if (filter.actions?.length) query = query.where('action', 'in', filter.actions);
  if (filter.actorType) query = query.where('actor_type', '=', filter.actorType);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  if (filter.occurredAfter) query = query.where('occurred_at', '>=', filter.occurredAfter);
  if (filter.occurredBefore) query = query.where('occurred_at', '<', filter.occurredBefore);
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('occurred_at', '<', cursor.occurredAt),
        eb.and([eb('occurred_at', '=', cursor.occurredAt), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  return query.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Deletes every project's records that occurred before `cutoff`. */
export async function deleteAuditEventsBefore(db: DbExecutor, cutoff: Date): Promise<void> {
  await db.deleteFrom('audit_events').where('occurred_at', '<', cutoff).execute();
}

/** Forgets the addresses a user acted from; the records of what they did stay, as ids. */
export async function forgetUserAddresses(db: DbExecutor, projectId: string, userId: string): Promise<void> {
  await db
    .updateTable('audit_events')
    .set({ ip_address: null })
    .where('project_id', '=', projectId)
    .where('actor_type', '=', 'user')
    .where('actor_id', '=', userId)
    .execute();
}

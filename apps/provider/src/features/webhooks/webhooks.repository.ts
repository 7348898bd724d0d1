/** @module webhooks.repository — SQL for webhook endpoints, the event outbox, deliveries and attempts. */
import { sql } from 'kysely';
import { type Claim, claimRow, dueOrLapsed, finishClaim } from '../../db/claimable-rows.js';
import type { DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { deleteRowBy, findRowBy } from '../../db/keyed-rows.js';
import type {
  NewWebhookAttemptRow,
  NewWebhookEndpointRow,
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookDeliveryState,
  WebhookEndpointRow,
  WebhookEventRow,
} from './webhooks.table.js';

/** The channel a committed outbox write announces itself on, waking every process's worker. */
export const WEBHOOKS_CHANNEL = 'latchkey_webhooks';

export async function insertWebhookEndpoint(
  db: DbExecutor,
  row: NewWebhookEndpointRow,
): Promise<WebhookEndpointRow> {
  return db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The project's endpoints, oldest first. */
export async function listWebhookEndpoints(db: DbExecutor, projectId: string): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The project's endpoint `id`. */
export const findWebhookEndpoint = (db: DbExecutor, projectId: string, id: string) =>
  findRowBy(db, 'webhook_endpoints', { project_id: projectId, id });

/** What an update may change. */
export type WebhookEndpointChanges = Partial<
  Pick<
    WebhookEndpointRow,
    'url' | 'enabled' | 'disabled_reason' | 'description' | 'secret' | 'secret_encryption'
  > & {
    event_types: string[];
  }
>;

/** Applies `changes`; undefined when the project has no such endpoint. */
export async function updateWebhookEndpoint(
  db: DbExecutor,
  projectId: string,
  id: string,
  changes: WebhookEndpointChanges,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  const { event_types, ...rest } = changes;
  return db
    .updateTable('webhook_endpoints')
    .set({ ...rest, ...(event_types ? { event_types: toJson(event_types) } : {}), updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes an endpoint with its deliveries and their log; false when there was none. */
export const deleteWebhookEndpoint = (db: DbExecutor, projectId: string, id: string) =>
  deleteRowBy(db, 'webhook_endpoints', { project_id: projectId, id });

/** The enabled endpoints of the project that take events of `type` (an empty filter takes all). */
export async function findSubscribedEndpointIds(
  db: DbExecutor,
  projectId: string,
  type: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('project_id', '=', projectId)
    .where('enabled', '=', true)
    .where(
      sql<boolean>`(jsonb_array_length(event_types) = 0 or event_types @> jsonb_build_array(cast(${type} as text)))`,
    )
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Writes the event and one pending delivery per endpoint, and announces them: pg_notify is sent at
 * commit (never for a rollback), so the workers wake exactly when the outbox rows become visible.
 */
export async function insertWebhookEvent(
  db: DbExecutor,
  event: WebhookEventRow,
  endpointIds: string[],
): Promise<void> {
  await db.insertInto('webhook_events').values(event).execute();
  await db
    .insertInto('webhook_deliveries')
    .values(
      endpointIds.map((endpoint_id) => ({
        event_id: event.id,
        endpoint_id,
        state: 'pending' as const,
        run_at: event.occurred_at,
        locked_until: null,
        window_started_at: event.occurred_at,
        finished_at: null,
      })),
    )
    .execute();
  await announceWebhookWork(db);
}

/** Wakes the workers of every process once the current transaction commits. */
export async function announceWebhookWork(db: DbExecutor): Promise<void> {
  await sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`.execute(db);
}

/**
 * Claims the due delivery with the earliest run_at: a pending one whose time has come, or a
 * running one whose claim lapsed (its process died), of an enabled endpoint. One statement;
 * `FOR UPDATE SKIP LOCKED` lets several processes on one PostgreSQL claim at once without
 * taking the same row, and the attempt counter tells a lapsed claim from the current one.
 */
export async function claimWebhookDelivery(
  db: DbExecutor,
  now: Date,
  lockedUntil: Date,
): Promise<WebhookDeliveryRow | undefined> {
  const due = db
    .selectFrom('webhook_deliveries as d')
    .select('d.id')
    .where(dueOrLapsed('d', now))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('webhook_endpoints as e')
          .select('e.id')
          .whereRef('e.id', '=', 'd.endpoint_id')
          .where('e.enabled', '=', true),
      ),
    )
    .orderBy('d.run_at')
    .orderBy('d.id');
  return claimRow(db, 'webhook_deliveries', due, lockedUntil);
}

/** What one attempt needs: the endpoint's address and secret, the event's id and body. */
export interface DeliveryWork {
  url: string;
  secret: string;
  secret_encryption: WebhookEndpointRow['secret_encryption'];
  project_id: string;
  event_id: string;
  body: string;
}

export async function findDeliveryWork(
  db: DbExecutor,
  delivery: WebhookDeliveryRow,
): Promise<DeliveryWork | undefined> {
  return db
    .selectFrom(['webhook_endpoints as e', 'webhook_events as v'])
    .select(['e.url', 'e.secret', 'e.secret_encryption', 'e.project_id', 'v.id as event_id', 'v.body'])
    .where('e.id', '=', delivery.endpoint_id)
    .where('v.id', '=', delivery.event_id)
    .executeTakeFirst();
}

/** Ends or reschedules a claimed delivery; false when the claim had lapsed (another took it, or it was replayed). */
export async function finishWebhookDelivery(
  db: DbExecutor,
  claim: Claim,
  values: { state: WebhookDeliveryState; run_at?: Date; finished_at: Date | null },
): Promise<boolean> {
  return finishClaim(db, 'webhook_deliveries', claim, values);
}

export async function insertWebhookAttempt(db: DbExecutor, row: NewWebhookAttemptRow): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

/** Disables an endpoint the provider gave up on (`reason`: why). */
export async function disableWebhookEndpoint(
  db: DbExecutor,
  id: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A delivery with its event's type and time, for the delivery log. */
export type DeliveryLogRow = WebhookDeliveryRow & { event_type: string; occurred_at: Date };

/** The endpoint's deliveries, newest first, after the delivery `beforeId` when given. */
export async function listWebhookDeliveries(
  db: DbExecutor,
  endpointId: string,
  limit: number,
  beforeId: string | undefined,
): Promise<DeliveryLogRow[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .selectAll('d')
    .select(['v.type as event_type', 'v.occurred_at'])
    .where('d.endpoint_id', '=', endpointId);
  if (beforeId !== undefined) query = query.where('d.id', '<', beforeId);
  return query.orderBy('d.id', 'desc').limit(limit).execute();
}

/** The attempts of the deliveries `deliveryIds`, in order. */
export async function listWebhookAttempts(
  db: DbExecutor,
  deliveryIds: string[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
}

/** The project's event `eventId`. */
export const findWebhookEvent = (db: DbExecutor, projectId: string, eventId: string) =>
  findRowBy(db, 'webhook_events', { project_id: projectId, id: eventId });

/**
 * Queues the event for the endpoint again, due now with a fresh 24-hour window; a delivery in
 * flight loses its claim (its outcome is not recorded as final) and the event goes out again.
 */
export async function queueWebhookReplay(
  db: DbExecutor,
  eventId: string,
  endpointId: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      event_id: eventId,
      endpoint_id: endpointId,
      state: 'pending',
      run_at: now,
      locked_until: null,
      window_started_at: now,
      finished_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['event_id', 'endpoint_id']).doUpdateSet({
        state: 'pending',
        run_at: now,
        locked_until: null,
        window_started_at: now,
        finished_at: null,
      }),
    )
    .execute();
  await announceWebhookWork(db);
}

/** Whether any delivery is running, or pending and due, to an enabled endpoint (what "drained" waits for). */
export async function hasOpenDueWebhookDeliveries(db: DbExecutor, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('e.enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('d.state', '=', 'running'),
        eb.and([eb('d.state', '=', 'pending'), eb('d.run_at', '<=', now)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes events older than `before` with nothing left to deliver (their deliveries and log go with them). */
export async function deleteOldWebhookEvents(db: DbExecutor, before: Date): Promise<void> {
  await db
    .deleteFrom('webhook_events as v')
    .where('v.occurred_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.event_id', '=', 'v.id')
            .where('d.state', 'in', ['pending', 'running']),
        ),
      ),
    )
    .execute();
}

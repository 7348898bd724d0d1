/** @module webhooks.table — webhook endpoints, the event outbox, deliveries and their attempts. */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';

/** Columns of `webhook_endpoints`. */
export interface WebhookEndpointsTable {
  id: string;
  project_id: string;
  url: string;
  /** The event types delivered; empty: every type. */
  event_types: JsonColumn<string[]>;
  enabled: boolean;
  /** `gone` when the provider disabled it after a 410; null otherwise. */
  disabled_reason: string | null;
  description: string;
  /** The `whsec_…` secret, sealed when `secret_encryption` is `aes-256-gcm`. */
  secret: string;
  secret_encryption: 'none' | 'aes-256-gcm';
  created_at: Date;
  updated_at: Date;
}

/** Columns of `webhook_events`. */
export interface WebhookEventsTable {
  /** `msg_…`: the `webhook-id` of every attempt and replay. */
  id: string;
  project_id: string;
  type: string;
  /** The JSON body `{ type, timestamp, data }`, exactly as signed and sent. */
  body: string;
  occurred_at: Date;
}

/** `pending` (due at run_at), `running` (claimed until locked_until), `delivered`, or `failed` (given up). */
export type WebhookDeliveryState = 'pending' | 'running' | 'delivered' | 'failed';

/** Columns of `webhook_deliveries` (the outbox: one row per event and endpoint). */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  endpoint_id: string;
  state: WebhookDeliveryState;
  /** Claims so far, including the current one. */
  attempts: Generated<number>;
  run_at: Date;
  locked_until: Date | null;
  /** Retries last 24 hours from here: the event's time, or the last replay's. */
  window_started_at: Date;
  finished_at: Date | null;
}

/** Columns of `webhook_attempts` (the delivery log). */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempt: number;
  started_at: Date;
  latency_ms: number;
  status_code: number | null;
  /** At most 1 KiB of the answer's body. */
  response_excerpt: string;
  /** Why no answer came (timeout, refused), or null. */
  error: string | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type NewWebhookEndpointRow = Insertable<WebhookEndpointsTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type NewWebhookAttemptRow = Insertable<WebhookAttemptsTable>;

/** @module delivery-jobs.table — messages owed to someone: written before a send endpoint answers, delivered after. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { JsonColumn } from '../db/json-column.js';
import type { QueuedSender } from './queued-sender.js';

/** `pending` (due at run_at), `running` (claimed until locked_until), `done`, or `failed` (given up). */
export type DeliveryJobState = 'pending' | 'running' | 'done' | 'failed';

/** Columns of `delivery_jobs`. */
export interface DeliveryJobsTable {
  id: string;
  /** Enqueue order (identity column); jobs to one recipient go out one at a time in this order. */
  seq: Generated<string>;
  /** Which handler issues and renders the message (`magic_link`, `otp`, `password_reset`). */
  kind: string;
  project_id: string;
  /** The normalised address or E.164 number. */
  recipient: string;
  /** What the handler needs to issue the message later (redirects, expiry, PKCE challenge, ids); never a secret. */
  params: JsonColumn<unknown>;
  state: DeliveryJobState;
  /** Claims so far, including the current one. */
  attempts: Generated<number>;
  run_at: Date;
  locked_until: Date | null;
  created_at: Date;
  finished_at: Date | null;
  /** The project's sender when the job was queued (queued-sender.ts); null: the deployment's. */
  sender: ColumnType<QueuedSender | null, string | null | undefined, string | null>;
}

export type DeliveryJobRow = Selectable<DeliveryJobsTable>;
export type NewDeliveryJobRow = Insertable<DeliveryJobsTable>;

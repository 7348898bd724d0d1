/** @module events.table — telemetry events sent by browsers to POST /sdk/v1/events. */
import type { Generated, Insertable } from 'kysely';
import type { JsonColumn } from '../../db/json-column.js';

/** Columns of `sdk_events`: one row per event of a batch. */
export interface SdkEventsTable {
  id: Generated<string>;
  project_id: string | null;
  public_token: string;
  event_name: string;
  /** The whole `{telemetry, event}` item as sent. */
  payload: JsonColumn<Record<string, unknown>>;
  origin: string | null;
  received_at: Date;
}

export type NewSdkEventRow = Insertable<SdkEventsTable>;

/** @module events.schemas — POST /sdk/v1/events (wire/client-state.md "Events"). */
import { type Static, Type } from 'typebox';
import { envelopeSchema } from '../../http/envelope.js';

/** One queued event; unknown keys are kept as sent. */
export const EventItem = Type.Object({
  telemetry: Type.Record(Type.String(), Type.Unknown()),
  event: Type.Object(
    {
      public_token: Type.String({ minLength: 1, maxLength: 256 }),
      event_name: Type.String({ minLength: 1, maxLength: 128 }),
      details: Type.Optional(Type.Unknown()),
      error_code: Type.Optional(Type.Unknown()),
      error_description: Type.Optional(Type.Unknown()),
      http_status_code: Type.Optional(Type.Unknown()),
    },
    { additionalProperties: true },
  ),
});

/** A batch: the SDK flushes at 15 events; 100 leaves room without letting one call grow unbounded. */
export const EventsBody = Type.Array(EventItem, { maxItems: 100 });

/** The validated batch. */
export type EventsBatch = Static<typeof EventsBody>;

/** Response: the bare envelope. */
export const EventsResponse = envelopeSchema({});

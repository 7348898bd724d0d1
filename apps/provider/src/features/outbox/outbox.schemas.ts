/** @module outbox.schemas — GET /dev/outbox/messages (docs/contracts.md "Dev outbox"). */
import { Type } from 'typebox';

/** Query: `to` filters by recipient. */
export const OutboxQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) });

/** One message as the JSON API shows it. */
export const OutboxMessage = Type.Object({
  id: Type.String(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms'), Type.Literal('whatsapp')]),
  to: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  created_at: Type.String(),
});

/** Response: `{ messages }` newest first (not wrapped in `data`). */
export const OutboxResponse = Type.Object({ messages: Type.Array(OutboxMessage) });

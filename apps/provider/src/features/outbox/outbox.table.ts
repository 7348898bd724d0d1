/** @module outbox.table — messages kept by the development outbox instead of being delivered. */
import type { Generated, Insertable, Selectable } from 'kysely';

/** Delivery channel of an outbox message (docs/contracts.md). */
export type OutboxChannel = 'email' | 'sms' | 'whatsapp';

/** Columns of `outbox_messages`. */
export interface OutboxMessagesTable {
  id: string;
  /** Insertion order (identity column). */
  seq: Generated<string>;
  channel: OutboxChannel;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
}

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
export type NewOutboxMessageRow = Insertable<OutboxMessagesTable>;

/** @module outbox-messenger — development "delivery" of text messages: stored in the dev outbox, announced in the log. */
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { messageKindLabel } from '../email/message-kind.js';
import { insertOutboxMessage } from '../features/outbox/outbox.repository.js';
import { newId } from '../ids.js';
import type { Random } from '../random.js';
import type { Messenger } from './messenger.js';

/** What the outbox messenger needs. */
export interface OutboxMessengerOptions {
  db: Db;
  clock: Clock;
  random: Random;
  /** Shown as the sender; default `Latchkey`. */
  from?: string;
  /** Where the outbox page is, for the log line. */
  outboxUrl: string;
  /** Receives a line per stored message naming its kind and recipient; never the body (codes stay out of logs, SECURITY B10). */
  announce: (line: string, fields: Record<string, string>) => void;
}

/**
 * Creates a messenger that writes to `outbox_messages` with channel `sms` or `whatsapp`, `to`
 * the E.164 number, an empty subject and HTML body, and the message as `text`.
 */
export function createOutboxMessenger(options: OutboxMessengerOptions): Messenger {
  return {
    supports: () => true,
    async send(message) {
      const id = newId('message', 'test', options.random);
      await insertOutboxMessage(options.db, {
        id,
        channel: message.channel,
        to_address: message.to,
        from_address: (message.channel === 'sms' ? message.sender : null) ?? options.from ?? 'Latchkey',
        subject: '',
        text_body: message.body,
        html_body: '',
        created_at: options.clock.now(),
      });
      const channel = message.channel === 'sms' ? 'SMS' : 'WhatsApp message';
      options.announce(
        `${channel} stored in the dev outbox (${messageKindLabel(message.kind)}) for ${message.to}: ${options.outboxUrl}`,
        { message_id: id, to: message.to, channel: message.channel, kind: message.kind },
      );
    },
  };
}

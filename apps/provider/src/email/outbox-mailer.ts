/** @module outbox-mailer — development "delivery": stores the email in the dev outbox and says so in the log. */
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { insertOutboxMessage } from '../features/outbox/outbox.repository.js';
import { newId } from '../ids.js';
import type { Random } from '../random.js';
import { formatMailFrom, mailFromOf, parseMailFrom } from './mail-sender.js';
import type { Mailer } from './mailer.js';
import { messageKindLabel } from './message-kind.js';

/** What the outbox mailer needs. */
export interface OutboxMailerOptions {
  db: Db;
  clock: Clock;
  random: Random;
  from: string;
  /** Where the outbox page is, for the log line. */
  outboxUrl: string;
  /**
   * Receives a line per stored message naming its kind and recipient only: a body holds a link
   * and a subject may hold a code, so neither is ever part of it (issue 16 item 6).
   */
  announce: (line: string, fields: Record<string, string>) => void;
}

/** Creates a mailer that writes to the outbox_messages table. */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const deployment = parseMailFrom(options.from);
  return {
    async send(message) {
      const id = newId('message', 'test', options.random);
      await insertOutboxMessage(options.db, {
        id,
        channel: 'email',
        to_address: message.to.toLowerCase(),
        from_address: formatMailFrom(mailFromOf(deployment, message.sender)),
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: options.clock.now(),
      });
      options.announce(
        `email stored in the dev outbox (${messageKindLabel(message.kind)}) for ${message.to}: ${options.outboxUrl}`,
        { message_id: id, to: message.to, kind: message.kind },
      );
    },
  };
}

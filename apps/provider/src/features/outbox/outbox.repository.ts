/** @module outbox.repository — SQL for the development outbox. */
import type { DbExecutor } from '../../db/database.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import type { NewOutboxMessageRow, OutboxMessageRow } from './outbox.table.js';

/** Stores one message. */
export async function insertOutboxMessage(db: DbExecutor, row: NewOutboxMessageRow): Promise<void> {
  await db.insertInto('outbox_messages').values(row).execute();
}

/** Messages newest first, optionally only those to `to` (case-insensitive). */
export async function listOutboxMessages(
  db: DbExecutor,
  options: { to?: string | undefined; limit: number },
): Promise<OutboxMessageRow[]> {
  let query = db.selectFrom('outbox_messages').selectAll();
  if (options.to !== undefined) {
    const to = normaliseEmailAddress(options.to);
    // `?to=+14155552671` unencoded arrives as " 14155552671": a bare number also matches its E.164 form.
    query = query.where('to_address', 'in', /^\d{2,15}$/.test(to) ? [to, `+${to}`] : [to]);
  }
  return query.orderBy('seq', 'desc').limit(options.limit).execute();
}

/** Deletes the messages sent to any of `addresses` (a deleted user's, issue 20; stored lower-cased). */
export async function deleteOutboxMessagesTo(db: DbExecutor, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  await db
    .deleteFrom('outbox_messages')
    .where(
      'to_address',
      'in',
      addresses.map((a) => a.toLowerCase()),
    )
    .execute();
}

/**
 * @module change-feed-outage-log — one warning when a process stops receiving PostgreSQL
 * notifications (issue 23), however many channels and retries the outage spans, and one line
 * when every channel is back.
 */
import type { ChangeFeedStatus } from './change-feed.js';

/** The two levels the log writes at (a pino logger fits). */
export interface OutageLogger {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** The warning's message; tests look for it. */
export const FEED_DOWN_MESSAGE =
  'PostgreSQL notifications are not being received: in-process caches (session checks, webhook subscriptions) are off and every check reads the database until they are';

/** The message once every channel listens again. */
export const FEED_BACK_MESSAGE = 'PostgreSQL notifications are received again: in-process caches are back on';

/**
 * Returns what each channel's feed reports its status to. `directUrlSet`: whether the listening
 * connections have a URL of their own (LATCHKEY_DATABASE_DIRECT_URL), for the hint.
 */
export function createChangeFeedOutageLog(
  logger: OutageLogger,
  { directUrlSet }: { directUrlSet: boolean },
): (channel: string, status: ChangeFeedStatus) => void {
  const down = new Set<string>();
  let warned = false;
  return (channel, status) => {
    if (status.live) {
      down.delete(channel);
      if (warned && down.size === 0) {
        warned = false;
        logger.info({ channel }, FEED_BACK_MESSAGE);
      }
      return;
    }
    down.add(channel);
    if (warned) return;
    warned = true;
    logger.warn(
      {
        channel,
        reason: status.reason,
        hint: directUrlSet
          ? 'check that LATCHKEY_DATABASE_DIRECT_URL reaches PostgreSQL itself, not a transaction-pooling proxy'
          : 'if DATABASE_URL is a transaction-pooling proxy (PgBouncer), set LATCHKEY_DATABASE_DIRECT_URL to PostgreSQL itself',
      },
      FEED_DOWN_MESSAGE,
    );
  };
}

/** @module transaction — the one way services open a transaction: retried once when PostgreSQL asks for it. */

import type { Db, Transaction } from './database.js';
import { isTransientDatabaseError } from './db-errors.js';

/**
 * Runs `work` in a transaction. A serialization failure (40001), a deadlock (40P01) or a
 * connection lost while it ran rolls the whole transaction back; it is then run once more from
 * the start, and a second failure surfaces (the error handler answers 503 service_unavailable
 * with Retry-After, never 500).
 *
 * `work` may therefore run twice: it must do nothing outside the database (send mail, call an
 * upstream) — return what to do and do it after the commit. A connection lost during COMMIT
 * leaves the first attempt's outcome unknown; the retry is still safe because every write that
 * must happen once is guarded (single-use tokens are consumed by a guarded UPDATE, addresses and
 * users are unique), so a retry of a committed attempt fails its guard instead of doing it twice.
 */
export async function inTransaction<T>(db: Db, work: (trx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (!isTransientDatabaseError(error)) throw error;
    return db.transaction().execute(work);
  }
}

/** @module events.repository — SQL for telemetry events. */
import type { DbExecutor } from '../../db/database.js';
import type { NewSdkEventRow } from './events.table.js';

/** Stores a batch in one statement. */
export async function insertSdkEvents(db: DbExecutor, rows: NewSdkEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('sdk_events').values(rows).execute();
}

/** @module activity-counts.repository — SQL of the activity figures: one batched additive upsert, one range read. */
import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.js';
import type { ActivityCount } from './activity-counters.js';

/** Rows per statement: 5 parameters each stays far below PostgreSQL's 65 535 bind parameters. */
const ROWS_PER_STATEMENT = 1_000;

/**
 * Adds `counts` to the stored rows (a new key starts at its count). Additive, so instances that
 * flush the same key at once both land: ON CONFLICT DO UPDATE serialises them on the row.
 */
export async function addActivityCounts(db: DbExecutor, counts: ActivityCount[]): Promise<void> {
  for (let at = 0; at < counts.length; at += ROWS_PER_STATEMENT) {
    await db
      .insertInto('activity_counts')
      .values(
        counts.slice(at, at + ROWS_PER_STATEMENT).map((c) => ({
          project_id: c.projectId,
          bucket_start: c.bucketStart,
          metric: c.metric,
          method: c.method,
          count: c.count,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'bucket_start', 'metric', 'method'])
          .doUpdateSet({ count: sql`activity_counts.count + excluded.count` }),
      )
      .execute();
  }
}

/** The project's rows with `from <= bucket_start < to`. */
export async function findActivityCounts(
  db: DbExecutor,
  projectId: string,
  from: Date,
  to: Date,
): Promise<ActivityCount[]> {
  const rows = await db
    .selectFrom('activity_counts')
    .select(['bucket_start', 'metric', 'method', 'count'])
    .where('project_id', '=', projectId)
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to)
    .execute();
  return rows.map((row) => ({
    projectId,
    bucketStart: row.bucket_start,
    metric: row.metric as ActivityCount['metric'],
    method: row.method,
    count: Number(row.count),
  }));
}

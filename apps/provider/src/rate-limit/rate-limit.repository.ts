/** @module rate-limit.repository — SQL of the rate limiter: one guarded upsert decides and counts. */
import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.js';

/** Identifies one bucket. */
export interface BucketKey {
  projectId: string;
  scope: string;
  keyHash: string;
}

/** The window of an admitted hit. */
export interface AdmittedHit {
  hits: number;
  windowStartedAt: Date;
  expiresAt: Date;
}

/**
 * Counts one hit if the bucket has room, in a single statement: a new or expired bucket starts a
 * window at `now` with 1 hit; a live one gains a hit only while `hits < limit`. Concurrent calls
 * on one key serialise on the row lock of ON CONFLICT DO UPDATE and each re-reads the latest
 * row, so no more than `limit` hits are admitted per window (SECURITY A2/A5: no lost updates).
 * Returns undefined when the hit was refused; a refusal changes nothing.
 */
export async function admitHit(
  db: DbExecutor,
  bucket: BucketKey,
  limit: number,
  now: Date,
  windowMs: number,
): Promise<AdmittedHit | undefined> {
  const expiresAt = new Date(now.getTime() + windowMs);
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({
      project_id: bucket.projectId,
      scope: bucket.scope,
      key_hash: bucket.keyHash,
      hits: 1,
      window_started_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'scope', 'key_hash'])
        .doUpdateSet({
          hits: sql`case when rate_limit_buckets.expires_at <= excluded.window_started_at then 1 else rate_limit_buckets.hits + 1 end`,
          window_started_at: sql`case when rate_limit_buckets.expires_at <= excluded.window_started_at then excluded.window_started_at else rate_limit_buckets.window_started_at end`,
          expires_at: sql`case when rate_limit_buckets.expires_at <= excluded.window_started_at then excluded.expires_at else rate_limit_buckets.expires_at end`,
        })
        .where((eb) =>
          eb.or([
            eb('rate_limit_buckets.expires_at', '<=', sql<Date>`excluded.window_started_at`),
            eb('rate_limit_buckets.hits', '<', limit),
          ]),
        ),
    )
    .returning(['hits', 'window_started_at', 'expires_at'])
    .executeTakeFirst();
  return row && { hits: row.hits, windowStartedAt: row.window_started_at, expiresAt: row.expires_at };
}

/** When the bucket's current window ends (undefined when there is no bucket). */
export async function bucketExpiry(db: DbExecutor, bucket: BucketKey): Promise<Date | undefined> {
  const row = await db
    .selectFrom('rate_limit_buckets')
    .select('expires_at')
    .where('project_id', '=', bucket.projectId)
    .where('scope', '=', bucket.scope)
    .where('key_hash', '=', bucket.keyHash)
    .executeTakeFirst();
  return row?.expires_at;
}

/**
 * Gives back a hit admitted in the window that started at `windowStartedAt`, when a later rule
 * refused the request. A window that has since restarted is left alone.
 */
export async function refundHit(db: DbExecutor, bucket: BucketKey, windowStartedAt: Date): Promise<void> {
  await db
    .updateTable('rate_limit_buckets')
    .set({ hits: sql`hits - 1` })
    .where('project_id', '=', bucket.projectId)
    .where('scope', '=', bucket.scope)
    .where('key_hash', '=', bucket.keyHash)
    .where('window_started_at', '=', windowStartedAt)
    .where('hits', '>', 0)
    .execute();
}

/** Deletes every bucket whose window ended at or before `now`; returns how many. */
export async function deleteExpiredBuckets(db: DbExecutor, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_buckets').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

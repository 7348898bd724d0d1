/**
 * @module retention.repository — the clean-up's SQL: one bounded batch of dead rows per call, in
 * its own short transaction, only while this process holds the clean-up's advisory lock.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { RetentionRule } from './retention-policy.js';

/**
 * The clean-up's advisory lock: a fixed (class, id) pair ("LK", "RT"). Taken per transaction
 * (pg_try_advisory_xact_lock), so it needs no session state and works behind a
 * transaction-pooling PgBouncer.
 */
const RETENTION_LOCK = [0x4c4b, 0x5254] as const;

function deadRows(rule: RetentionRule) {
  switch (rule.kind) {
    case 'expired':
      return sql`expires_at <= ${rule.cutoff}`;
    case 'ended':
      // Ended at the earliest of the three (`least` skips a null revocation): one indexed expression.
      return sql`least(expires_at, absolute_expires_at, revoked_at) <= ${rule.cutoff}`;
    case 'received':
      return sql`received_at <= ${rule.cutoff}`;
    case 'created':
      return sql`created_at <= ${rule.cutoff}`;
  }
}

/**
 * The statement deleting up to `limit` of `rule`'s dead rows, skipping rows another transaction
 * has locked. Its plan must find them through an index (retention-indexes.test.ts).
 */
export function deadBatchDeletion(rule: RetentionRule, limit: number) {
  const table = sql.table(rule.table);
  return sql`delete from ${table} where ctid in (
      select ctid from ${table} where ${deadRows(rule)} limit ${limit} for update skip locked)`;
}

/**
 * Deletes up to `limit` rows `rule` calls dead. Returns how many, or `undefined` when another
 * process holds the lock (it is running the clean-up; this one stops). Rows another transaction
 * has locked (a sign-in touching them) are skipped, never waited for.
 */
export async function deleteDeadBatch(
  db: Db,
  rule: RetentionRule,
  limit: number,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const lock = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${RETENTION_LOCK[0]}::int, ${RETENTION_LOCK[1]}::int) as locked`.execute(
      trx,
    );
    if (!lock.rows[0]?.locked) return undefined;
    const result = await deadBatchDeletion(rule, limit).execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

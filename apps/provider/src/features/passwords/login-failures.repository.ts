/** @module login-failures.repository — SQL of the failed-login counters: one guarded upsert reserves an attempt (SECURITY A2, A4). */
import { type RawBuilder, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** One counter row: a scope (account or network) and the SHA-256 of its key. */
export interface FailureKey {
  project_id: string;
  scope: string;
  key_hash: string;
}

/** How a counter turns into delays. */
export interface DelayPolicy {
  /** Failures from this count on start a delay. */
  delayFrom: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures from this count on block further reservations without a delay (undefined: never). */
  hardCap?: number | undefined;
}

/** The counter row as the reservation left it. */
export interface ReservedAttempt {
  failures: number;
  locked_until: Date | null;
}

/** `locked_until` for `count` failures, in SQL: now + min(max, first × 2^min(count − from, 10)) s. */
function lockAfter(count: RawBuilder<number>, now: Date, policy: DelayPolicy): RawBuilder<Date | null> {
  const { delayFrom, firstDelaySeconds: first, maxDelaySeconds: max } = policy;
  return sql<Date | null>`case when ${count} >= ${sql.lit(delayFrom)}
    then ${now}::timestamptz + least(${sql.lit(max)}, ${sql.lit(first)} * power(2, least(${count} - ${sql.lit(delayFrom)}, 10))) * interval '1 second'
    else null end`;
}

/**
 * Counts one attempt in advance, as if it will fail, unless the counter is inside a delay (or
 * past the hard cap): one INSERT … ON CONFLICT DO UPDATE … WHERE, so concurrent attempts
 * serialise on the row lock, each re-reads the latest row, and none is lost. A counter whose
 * last failure is older than `since` starts again at 1. Returns undefined when the attempt is
 * refused; a refusal changes nothing.
 */
export async function reserveAttempt(
  db: DbExecutor,
  key: FailureKey,
  now: Date,
  since: Date,
  policy: DelayPolicy,
  firstLock: Date | null,
): Promise<ReservedAttempt | undefined> {
  const stale = sql<boolean>`login_failures.last_failure_at < ${since}`;
  const next = sql<number>`(case when ${stale} then 1 else login_failures.failures + 1 end)`;
  const capped =
    policy.hardCap === undefined ? sql`false` : sql`login_failures.failures >= ${sql.lit(policy.hardCap)}`;
  return db
    .insertInto('login_failures')
    .values({ ...key, failures: 1, locked_until: firstLock, last_failure_at: now })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'scope', 'key_hash'])
        .doUpdateSet({ failures: next, locked_until: lockAfter(next, now, policy), last_failure_at: now })
        .where(
          sql<boolean>`${stale} or (coalesce(login_failures.locked_until <= ${now}, true) and not ${capped})`,
        ),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
}

/** The counter row, whatever its state. */
export async function findFailures(db: DbExecutor, key: FailureKey) {
  return db
    .selectFrom('login_failures')
    .select(['failures', 'locked_until', 'last_failure_at'])
    .where('project_id', '=', key.project_id)
    .where('scope', '=', key.scope)
    .where('key_hash', '=', key.key_hash)
    .executeTakeFirst();
}

/**
 * Gives back a reserved attempt that did not fail (a right password, or an error before the
 * outcome was known). The delay goes too when the count falls below the threshold, or when it
 * was this reservation's own (`ownLock`): while it stood, no other attempt was admitted.
 */
export async function refundAttempt(
  db: DbExecutor,
  key: FailureKey,
  policy: DelayPolicy,
  ownLock: Date | null,
): Promise<void> {
  const own = ownLock === null ? sql`false` : sql`login_failures.locked_until = ${ownLock}`;
  await db
    .updateTable('login_failures')
    .set({
      failures: sql<number>`greatest(failures - 1, 0)`,
      locked_until: sql<Date | null>`case when failures - 1 < ${sql.lit(policy.delayFrom)} or ${own} then null else locked_until end`,
    })
    .where('project_id', '=', key.project_id)
    .where('scope', '=', key.scope)
    .where('key_hash', '=', key.key_hash)
    .where('failures', '>', 0)
    .execute();
}

/** Deletes the counter (a successful login or a completed reset: NIST rev4 §3.2.2). */
export async function deleteFailures(db: DbExecutor, key: FailureKey): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('project_id', '=', key.project_id)
    .where('scope', '=', key.scope)
    .where('key_hash', '=', key.key_hash)
    .execute();
}

/** @module login-failures.repository — SQL of the failed-login counters: one guarded upsert reserves an attempt (SECURITY A2, A4). */
import { type QueryCreator, type RawBuilder, sql } from 'kysely';
import { compiledPerShape, compiledStatement } from '../../db/compiled-statement.js';
import type { Database, DbExecutor } from '../../db/database.js';
import { deleteRowsWithAnyOf } from '../../db/keyed-rows.js';

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

/** One counter to reserve an attempt on: its key, its policy, and the delay a first failure would start. */
export interface Reservation {
  key: FailureKey;
  policy: DelayPolicy;
  firstLock: Date | null;
}

/** What one reservation writes: its key, the lock a first failure starts, the time and the window's start. */
interface ReservationValues {
  key: FailureKey;
  firstLock: Date | null;
  now: Date;
  since: Date;
}

/** The guarded upsert of one reservation (see reserveAttempt); the caller adds RETURNING. */
function reserveStatement(db: QueryCreator<Database>, policy: DelayPolicy, values: ReservationValues) {
  const { key, firstLock, now, since } = values;
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
    );
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
  return reserveStatement(db, policy, { key, firstLock, now, since })
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
}

/**
 * reserveAttempt on two counters in one statement (one round trip per login instead of two):
 * the two guarded upserts run as data-modifying CTEs, read in the order given, so every caller
 * takes the two row locks in the same order. Each answer is undefined when that reservation was
 * refused (and changed nothing); the other may still have been counted.
 */
export async function reserveAttempts(
  db: DbExecutor,
  first: Reservation,
  second: Reservation,
  now: Date,
  since: Date,
): Promise<[ReservedAttempt | undefined, ReservedAttempt | undefined]> {
  const rows = await reserveBothStatement([first.policy, second.policy]).execute(db, {
    first_project_id: first.key.project_id,
    first_scope: first.key.scope,
    first_key_hash: first.key.key_hash,
    first_lock: first.firstLock,
    second_project_id: second.key.project_id,
    second_scope: second.key.scope,
    second_key_hash: second.key.key_hash,
    second_lock: second.firstLock,
    now,
    since,
  });
  const of = (which: number): ReservedAttempt | undefined => {
    const row = rows.find((r) => Number(r.which) === which);
    return row && { failures: row.failures, locked_until: row.locked_until };
  };
  return [of(1), of(2)];
}

const RESERVE_BOTH_VALUES = [
  'first_project_id',
  'first_scope',
  'first_key_hash',
  'first_lock',
  'second_project_id',
  'second_scope',
  'second_key_hash',
  'second_lock',
  'now',
  'since',
] as const;
/** The values of one reservation, named with `prefix`. */
function reservationValues(
  v: Readonly<Record<(typeof RESERVE_BOTH_VALUES)[number], never>>,
  prefix: 'first' | 'second',
) {
  return {
    key: {
      project_id: v[`${prefix}_project_id`],
      scope: v[`${prefix}_scope`],
      key_hash: v[`${prefix}_key_hash`],
    },
    firstLock: v[`${prefix}_lock`],
    now: v.now,
    since: v.since,
  };
}

/** The statement of reserveAttempts, compiled once per pair of policies (their figures are SQL literals). */
const reserveBothStatement = compiledPerShape(
  ([first, second]: [DelayPolicy, DelayPolicy]) => JSON.stringify([first, second]),
  ([firstPolicy, secondPolicy]) =>
    compiledStatement(RESERVE_BOTH_VALUES, (db, v) =>
      db
        .with('first_reserved', (qb) =>
          reserveStatement(qb, firstPolicy, reservationValues(v, 'first')).returning([
            'failures',
            'locked_until',
          ]),
        )
        .with('second_reserved', (qb) =>
          reserveStatement(qb, secondPolicy, reservationValues(v, 'second')).returning([
            'failures',
            'locked_until',
          ]),
        )
        .selectFrom('first_reserved')
        .select([sql.lit(1).as('which'), 'failures', 'locked_until'])
        .unionAll((eb) =>
          eb.selectFrom('second_reserved').select([sql.lit(2).as('which'), 'failures', 'locked_until']),
        ),
    ),
);

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

/** The UPDATE of refundAttempt. */
function refundStatement(
  db: QueryCreator<Database>,
  key: FailureKey,
  policy: Pick<DelayPolicy, 'delayFrom'>,
  ownLock: Date | null,
) {
  const own = ownLock === null ? sql`false` : sql`login_failures.locked_until = ${ownLock}`;
  return db
    .updateTable('login_failures')
    .set({
      failures: sql<number>`greatest(failures - 1, 0)`,
      locked_until: sql<Date | null>`case when failures - 1 < ${sql.lit(policy.delayFrom)} or ${own} then null else locked_until end`,
    })
    .where('project_id', '=', key.project_id)
    .where('scope', '=', key.scope)
    .where('key_hash', '=', key.key_hash)
    .where('failures', '>', 0);
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
  await refundStatement(db, key, policy, ownLock).execute();
}

function deleteStatement(db: QueryCreator<Database>, key: FailureKey) {
  return db
    .deleteFrom('login_failures')
    .where('project_id', '=', key.project_id)
    .where('scope', '=', key.scope)
    .where('key_hash', '=', key.key_hash);
}

/** Deletes the counter (a successful login or a completed reset: NIST rev4 §3.2.2). */
export async function deleteFailures(db: DbExecutor, key: FailureKey): Promise<void> {
  await deleteStatement(db, key).execute();
}

/**
 * deleteFailures of `cleared` and refundAttempt of `refunded` in one statement (a successful
 * login: its address's counter goes, its network's attempt is given back).
 */
export async function deleteFailuresAndRefund(
  db: DbExecutor,
  cleared: FailureKey,
  refunded: { key: FailureKey; policy: DelayPolicy; ownLock: Date | null },
): Promise<void> {
  const { key, policy, ownLock } = refunded;
  const statement = deleteAndRefundStatement({ delayFrom: policy.delayFrom, withOwnLock: ownLock !== null });
  await statement.execute(db, {
    cleared_project_id: cleared.project_id,
    cleared_scope: cleared.scope,
    cleared_key_hash: cleared.key_hash,
    refunded_project_id: key.project_id,
    refunded_scope: key.scope,
    refunded_key_hash: key.key_hash,
    own_lock: ownLock,
  });
}

const DELETE_AND_REFUND_VALUES = [
  'cleared_project_id',
  'cleared_scope',
  'cleared_key_hash',
  'refunded_project_id',
  'refunded_scope',
  'refunded_key_hash',
  'own_lock',
] as const;
/** The statement of deleteFailuresAndRefund, compiled once per shape: the policy's threshold, and whether there is an own lock. */
const deleteAndRefundStatement = compiledPerShape(
  (shape: { delayFrom: number; withOwnLock: boolean }) => `${shape.delayFrom}:${shape.withOwnLock}`,
  ({ delayFrom, withOwnLock }) =>
    compiledStatement(DELETE_AND_REFUND_VALUES, (db, v) => {
      const cleared = {
        project_id: v.cleared_project_id,
        scope: v.cleared_scope,
        key_hash: v.cleared_key_hash,
      };
      const refunded = {
        project_id: v.refunded_project_id,
        scope: v.refunded_scope,
        key_hash: v.refunded_key_hash,
      };
      const withCleared = db.with('cleared', (qb) => deleteStatement(qb, cleared).returning('scope'));
      // Lock order: the address's row before the network's, as reserveAttempts takes them. An
      // unreferenced data-modifying CTE runs after the main statement, which locked the network's
      // row first, so two logins of one person from one network deadlocked (a 503 under load).
      // Reading the CTE in the WHERE runs the DELETE before the UPDATE touches its row.
      return refundStatement(withCleared, refunded, { delayFrom }, withOwnLock ? v.own_lock : null).where(
        sql<boolean>`(select count(*) from cleared) >= 0`,
      );
    }),
);

/** Deletes the counters of `scope` with these key hashes in `projectId` (a deleted user's, issue 20). */
export const deleteFailuresOf = (db: DbExecutor, projectId: string, scope: string, keyHashes: string[]) =>
  deleteRowsWithAnyOf(db, 'login_failures', { project_id: projectId, scope }, 'key_hash', keyHashes);

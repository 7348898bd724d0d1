/**
 * @module single-use-rows — the statements every table of single-use secrets shares (magic links,
 * reset tokens, passcodes, OAuth states and tokens, challenges, intermediate sessions): a row is
 * open while it is unused, unrevoked and unexpired, and each guard is decided inside the one
 * statement that acts on it, so concurrent callers cannot both win (SECURITY B2, B3).
 */
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db, DbExecutor } from './database.js';
import { createExpirySweep } from './expiry-sweep.js';
import { findRowBy, matching, type RowKey, type RowOf } from './keyed-rows.js';

/** Each single-use table: the column that marks a row used, and whether rows can be revoked. */
const SINGLE_USE_TABLES = {
  magic_links: { usedColumn: 'used_at', revocable: true },
  password_resets: { usedColumn: 'used_at', revocable: true },
  otp_codes: { usedColumn: 'consumed_at', revocable: true },
  oauth_tokens: { usedColumn: 'used_at', revocable: true },
  intermediate_sessions: { usedColumn: 'used_at', revocable: true },
  oauth_states: { usedColumn: 'used_at', revocable: false },
  oauth_one_tap_callbacks: { usedColumn: 'used_at', revocable: false },
  webauthn_challenges: { usedColumn: 'consumed_at', revocable: false },
  crypto_wallet_challenges: { usedColumn: 'used_at', revocable: false },
} as const satisfies Record<string, { usedColumn: string; revocable: boolean }>;

export type SingleUseTable = keyof typeof SINGLE_USE_TABLES;
type RevocableTable = {
  [T in SingleUseTable]: (typeof SINGLE_USE_TABLES)[T]['revocable'] extends true ? T : never;
}[SingleUseTable];

/** A row of `T` as read. */
export type SingleUseRow<T extends SingleUseTable> = RowOf<T>;

/** Tables whose rows carry `expires_at` and are swept once expired. */
export type ExpiringTable = SingleUseTable | 'captcha_tokens';

/** Deletes every row of `table` that expired at or before `now` (used or not); returns how many. */
export async function deleteExpiredRows(db: DbExecutor, table: ExpiringTable, now: Date): Promise<number> {
  const result = await db.deleteFrom(table).where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** `sweep(now)` deleting `table`'s expired rows at most once per `intervalMs` (db/expiry-sweep.ts). */
export function createExpiredRowsSweep(
  db: DbExecutor,
  table: ExpiringTable,
  intervalMs?: number,
): (now: Date) => Promise<void> {
  return createExpirySweep((now) => deleteExpiredRows(db, table, now), intervalMs);
}

/** What a store of expiring rows needs: its database, the clock its rows expire by, how often to sweep. */
export interface ExpiringRowsDeps {
  db: Db;
  clock: Clock;
  /** Expired rows are deleted at most this often (default a minute). */
  sweepIntervalMs?: number;
}

/**
 * The clock's time, once `table`'s expired rows are deleted (at most once per `sweepIntervalMs`):
 * a store reads the time it acts at and keeps its table bounded (SECURITY K4) in one call.
 */
export function sweptClock(deps: ExpiringRowsDeps, table: ExpiringTable): () => Promise<Date> {
  const sweep = createExpiredRowsSweep(deps.db, table, deps.sweepIntervalMs);
  return async () => {
    const now = deps.clock.now();
    await sweep(now);
    return now;
  };
}

/** The statements on one single-use table. */
export interface SingleUseRows<T extends SingleUseTable> {
  /** The row of `key`, whatever its state. */
  find(db: DbExecutor, key: RowKey<T>): Promise<SingleUseRow<T> | undefined>;
  /** The open row of `key`; `forUpdate` locks it until the transaction ends. */
  findOpen(
    db: DbExecutor,
    key: RowKey<T>,
    now: Date,
    options?: { forUpdate?: boolean },
  ): Promise<SingleUseRow<T> | undefined>;
  /**
   * Uses up every open row of `key` in one guarded UPDATE … RETURNING: of any number of concurrent
   * or replayed callers exactly one gets each row (PostgreSQL re-checks the WHERE after waiting
   * for the row lock).
   */
  consumeAll(db: DbExecutor, key: RowKey<T>, now: Date): Promise<SingleUseRow<T>[]>;
  /** `consumeAll` for a key that names one row: that row, or undefined when another caller won. */
  consume(db: DbExecutor, key: RowKey<T>, now: Date): Promise<SingleUseRow<T> | undefined>;
}

/** The statements that revoke, on a table whose rows can be revoked. */
export interface RevocableRows<T extends SingleUseTable> extends SingleUseRows<T> {
  /** Revokes every unused, unrevoked row of `key` (a newer one supersedes it, or it could not be delivered). */
  revokeUnused(db: DbExecutor, key: RowKey<T>, now: Date): Promise<void>;
  /**
   * Counts one failed attempt at the open row of `key`; the `max`-th revokes it in the same
   * statement. Returns the new count, or undefined when the row was no longer open.
   */
  countFailure(db: DbExecutor, key: RowKey<T>, now: Date, max: number): Promise<number | undefined>;
}

/** Statements on the single-use table `table`. */
export function singleUseRows<T extends RevocableTable>(table: T): RevocableRows<T>;
export function singleUseRows<T extends SingleUseTable>(table: T): SingleUseRows<T>;
export function singleUseRows<T extends SingleUseTable>(table: T): RevocableRows<T> {
  const { usedColumn, revocable } = SINGLE_USE_TABLES[table];
  const tableRef = sql.table(table);
  const unused = revocable
    ? sql`${sql.ref(usedColumn)} is null and revoked_at is null`
    : sql`${sql.ref(usedColumn)} is null`;
  const open = (now: Date) => sql`${unused} and expires_at > ${now}`;
  type Row = SingleUseRow<T>;

  const consumeAll = async (db: DbExecutor, key: RowKey<T>, now: Date) => {
    const result = await sql<Row>`update ${tableRef} set ${sql.ref(usedColumn)} = ${now}
      where ${matching(key)} and ${open(now)} returning *`.execute(db);
    return result.rows;
  };
  return {
    find: (db, key) => findRowBy(db, table, key),
    async findOpen(db, key, now, options) {
      const lock = options?.forUpdate ? sql` for update` : sql``;
      const result =
        await sql<Row>`select * from ${tableRef} where ${matching(key)} and ${open(now)}${lock}`.execute(db);
      return result.rows[0];
    },
    consumeAll,
    async consume(db, key, now) {
      return (await consumeAll(db, key, now))[0];
    },
    async revokeUnused(db, key, now) {
      await sql`update ${tableRef} set revoked_at = ${now} where ${matching(key)} and ${unused}`.execute(db);
    },
    async countFailure(db, key, now, max) {
      const result = await sql<{ failed_attempts: number }>`update ${tableRef}
        set failed_attempts = failed_attempts + 1,
          revoked_at = case when failed_attempts + 1 >= ${max} then ${now}::timestamptz else revoked_at end
        where ${matching(key)} and ${open(now)} returning failed_attempts`.execute(db);
      return result.rows[0]?.failed_attempts;
    },
  };
}

/** Row counts of tables, for the "nothing changed" checks of negative cases (SECURITY §0). */
import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';
import { matching, type RowKey } from '../src/db/keyed-rows.js';
import { drainDeliveries, type TestContext } from './test-app.js';

/** How many rows `table` holds, once queued deliveries (which issue tokens and codes) have run. */
export async function countRows(ctx: TestContext, table: keyof Database): Promise<number> {
  await drainDeliveries(ctx);
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many rows of `table` have every column of `key` equal to its value, as the table stands now
 * (unlike countRows, queued deliveries are left queued).
 */
export async function countRowsMatching<T extends keyof Database>(
  ctx: TestContext,
  table: T,
  key: RowKey<T>,
): Promise<number> {
  // An undefined value would match nothing and make a "none left" check pass for the wrong reason.
  const unset = Object.entries(key).filter(([, value]) => value === undefined);
  if (unset.length > 0) throw new Error(`countRowsMatching: no value for ${unset.map(([column]) => column)}`);
  const count = sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${matching(key)}`;
  const { rows } = await count.execute(ctx.db);
  return Number(rows[0]?.n);
}

/** The row count of each of `tables`, keyed by table name. */
export async function rowCounts(
  ctx: TestContext,
  tables: readonly (keyof Database)[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(ctx, table);
  return counts;
}

/** How many sessions the user has, live or not. */
export async function sessionCountOf(ctx: TestContext, userId: string): Promise<number> {
  const rows = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

/** Row counts of tables, for the "nothing changed" checks of negative cases (SECURITY §0). */
import type { Database } from '../src/db/database.js';
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

/** The rows of the lasting locks (issue 16): a password lock and a second-factor lock share their columns. */
import type { RowOf } from '../src/db/keyed-rows.js';
import type { TestContext } from './test-app.js';

/** The tables of the lasting locks. */
export type LockTable = 'password_lockouts' | 'second_factor_lockouts';

/** The user's rows of `table`, oldest first. */
export function lockRowsOf<T extends LockTable>(
  ctx: Pick<TestContext, 'db'>,
  table: T,
  userId: string,
): Promise<RowOf<T>[]> {
  return ctx.db
    .selectFrom(table as LockTable)
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('locked_at')
    .execute() as Promise<RowOf<T>[]>;
}

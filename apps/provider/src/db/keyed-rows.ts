/**
 * @module keyed-rows — the statements that act on the rows a key names, column = value (a phone
 * number, a wallet, a passkey, an upstream identity, an id, each within a project): read or delete
 * the row of a key whoever owns it, delete a deleted user's rows, and insert a row unless its
 * natural key is taken. The unique index decides a concurrent first use, never a prior lookup.
 */
import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database, DbExecutor } from './database.js';

/** A row of `T` as read. */
export type RowOf<T extends keyof Database> = Selectable<Database[T]>;
/** Column = value for each entry (e.g. `{ project_id, token_hash }`): the rows a statement acts on. */
export type RowKey<T extends keyof Database> = Partial<RowOf<T>>;

/** `key` as SQL: every column equals its value (a statement without a key is refused). */
export function matching(key: Record<string, unknown>): RawBuilder<boolean> {
  const equalities = Object.entries(key).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  if (equalities.length === 0) throw new Error('a keyed statement needs a key');
  return sql<boolean>`${sql.join(equalities, sql` and `)}`;
}

/** The row of `table` with `key`, whatever its state and whoever owns it. */
export async function findRowBy<T extends keyof Database>(
  db: DbExecutor,
  table: T,
  key: RowKey<T>,
): Promise<RowOf<T> | undefined> {
  const result = await sql<RowOf<T>>`select * from ${sql.table(table)} where ${matching(key)}`.execute(db);
  return result.rows[0];
}

/** `columns` of the row of `table` with `key`, when a statement needs only those. */
export async function findColumnsBy<T extends keyof Database, C extends keyof RowOf<T> & string>(
  db: DbExecutor,
  table: T,
  key: RowKey<T>,
  columns: readonly C[],
): Promise<Pick<RowOf<T>, C> | undefined> {
  const selected = sql.join(columns.map((column) => sql.ref(column)));
  const result = await sql<Pick<RowOf<T>, C>>`select ${selected} from ${sql.table(table)}
    where ${matching(key)}`.execute(db);
  return result.rows[0];
}

/** Deletes the row of `table` with `key`; false when there was none. */
export async function deleteRowBy<T extends keyof Database>(
  db: DbExecutor,
  table: T,
  key: RowKey<T>,
): Promise<boolean> {
  const result = await sql`delete from ${sql.table(table)} where ${matching(key)} returning 1`.execute(db);
  return result.rows.length > 0;
}

/**
 * Deletes the rows of `table` with `key` whose `column` is one of `values` (a deleted user's, issue
 * 20); nothing when `values` is empty.
 */
export async function deleteRowsWithAnyOf<T extends keyof Database>(
  db: DbExecutor,
  table: T,
  key: RowKey<T>,
  column: keyof RowOf<T> & string,
  values: readonly string[],
): Promise<void> {
  if (values.length === 0) return;
  await sql`delete from ${sql.table(table)}
    where ${matching(key)} and ${sql.ref(column)} in (${sql.join(values)})`.execute(db);
}

/** Tables of users' factors, each with the columns its unique index spans. */
const NATURAL_KEYS = {
  phone_numbers: ['project_id', 'phone_number'],
  crypto_wallets: ['project_id', 'type', 'address'],
  webauthn_registrations: ['project_id', 'credential_id'],
  oauth_registrations: ['project_id', 'provider_type', 'issuer', 'provider_subject'],
} as const;

export type NaturallyKeyedTable = keyof typeof NATURAL_KEYS;

/** Inserts `row` into `table`; undefined when the project already has its natural key. */
export async function insertRowIfAbsent<T extends NaturallyKeyedTable>(
  db: DbExecutor,
  table: T,
  row: Insertable<Database[T]>,
): Promise<RowOf<T> | undefined> {
  const inserted = await db
    .insertInto(table as NaturallyKeyedTable)
    .values(row as Insertable<Database[NaturallyKeyedTable]>)
    .onConflict((oc) => oc.columns([...NATURAL_KEYS[table]] as never).doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted as RowOf<T> | undefined;
}

/**
 * @module copy-to-postgres — moves a PGlite data directory's contents into an empty PostgreSQL
 * database (`latchkey-provider migrate-to-postgres`): the schema by the migrations, then every
 * table's rows in foreign-key order, in pages by primary key (keyset), inside one transaction (a failure leaves the
 * target empty), sequences set past the copied values, and each table verified by its row count
 * and a checksum of its rows computed on both sides by the databases themselves.
 */
import { sql } from 'kysely';
import type { Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { inTransaction } from './transaction.js';

/** Rows per INSERT: one JSON parameter each, so the size is bounded by bytes, not by bind parameters. */
const COPY_BATCH_ROWS = 1_000;

/** Kysely's bookkeeping: the target's migrations write their own. */
const SKIPPED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** One table's result. */
export interface TableCopy {
  table: string;
  rows: number;
  /** md5 of the table's rows (as JSON, in UTC, sorted), the same on both sides when the copy is whole. */
  checksum: string;
  targetRows: number;
  targetChecksum: string;
}

export class CopyError extends Error {
  override readonly name = 'CopyError';
}

/** The schema's tables, each after the tables its foreign keys point at. */
export async function tablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.relname <> p.relname`.execute(db);
  const remaining = new Set(tables.rows.map((t) => t.name).filter((name) => !SKIPPED_TABLES.has(name)));
  const ordered: string[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining].filter(
      (table) => !edges.rows.some((e) => e.child === table && remaining.has(e.parent)),
    );
    if (ready.length === 0)
      throw new CopyError(`foreign keys form a cycle among: ${[...remaining].join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  return ordered;
}

/** Row count and checksum of `table`, timestamps in UTC so both servers render them alike. */
export async function tableChecksum(db: Db, table: string): Promise<{ rows: number; checksum: string }> {
  return inTransaction(db, async (trx) => {
    await sql`set local time zone 'UTC'`.execute(trx);
    const result = await sql<{ rows: string; checksum: string | null }>`select count(*) as rows,
        md5(coalesce(string_agg(r, E'\\n' order by r), '')) as checksum
      from (select row_to_json(t)::text as r from ${sql.table(table)} t) rows`.execute(trx);
    const row = result.rows[0];
    return { rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? '' };
  });
}

/** A column of the key a table is paged by, with its type (format_type) to cast the last value back. */
interface KeyColumn {
  name: string;
  type: string;
}

/**
 * The primary key's columns in key order: each page starts after the last key of the one before
 * (keyset paging), so a page costs one index range whatever its position, and no row is read
 * twice or skipped. A table without one is paged by its physical row address (ctid), stable
 * while nothing writes to the source.
 */
async function pageKey(db: Db, table: string): Promise<KeyColumn[]> {
  const keys = await sql<KeyColumn>`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
    from pg_index i cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = ${table}::regclass and i.indisprimary order by k.position`.execute(db);
  return keys.rows.length > 0 ? keys.rows : [{ name: 'ctid', type: 'tid' }];
}

/** One page of `table` after `after` (the previous page's last key, as text), at most COPY_BATCH_ROWS rows. */
async function readPage(db: Db, table: string, key: KeyColumn[], after: string[] | undefined) {
  const columns = sql.join(key.map((k) => sql.ref(`t.${k.name}`)));
  const lastKey = sql.join(
    // The catalog's own type names: the text of each value is cast back to its column's type.
    key.map((k, i) => sql`cast(${after?.[i] ?? null} as ${sql.raw(k.type)})`),
  );
  const keyText = sql.join(key.map((k, i) => sql`${sql.ref(`t.${k.name}`)}::text as ${sql.ref(`k${i}`)}`));
  const result = await sql<
    Record<string, string> & { r: string }
  >`select row_to_json(t)::text as r, ${keyText}
    from ${sql.table(table)} t ${after ? sql`where (${columns}) > (${lastKey})` : sql``}
    order by ${columns} limit ${COPY_BATCH_ROWS}`.execute(db);
  const last = result.rows.at(-1);
  return { rows: result.rows.map((row) => row.r), last: last && key.map((_, i) => last[`k${i}`] as string) };
}

/**
 * Copies every row of `source` into `target` (migrated here; it must hold no rows) and verifies
 * each table. `onTable` hears each table as it is verified.
 */
export async function copyToPostgres(
  source: Db,
  target: Db,
  onTable: (copy: TableCopy) => void = () => undefined,
): Promise<TableCopy[]> {
  await migrateToLatest(source);
  await migrateToLatest(target);
  const tables = await tablesInDependencyOrder(source);
  for (const table of tables) {
    if ((await tableChecksum(target, table)).rows > 0)
      throw new CopyError(
        `the target database is not empty (table ${table} has rows): copy into a new database`,
      );
  }
  await inTransaction(target, async (trx) => {
    for (const table of tables) {
      const key = await pageKey(source, table);
      for (let after: string[] | undefined; ; ) {
        const page = await readPage(source, table, key, after);
        if (page.rows.length === 0) break;
        const rows = `[${page.rows.join(',')}]`;
        // json_populate_recordset parses each value with the column's own input function: types round-trip exactly.
        // OVERRIDING SYSTEM VALUE: identity columns (`seq`) keep the source's values.
        await sql`insert into ${sql.table(table)} overriding system value
          select * from json_populate_recordset(null::${sql.table(table)}, ${rows}::json)`.execute(trx);
        after = page.last;
      }
    }
    // Identity and serial columns: the next value follows the largest copied one.
    const sequences = await sql<{ table_name: string; column_name: string; sequence: string }>`
      select c.table_name, c.column_name, pg_get_serial_sequence(c.table_name, c.column_name) as sequence
      from information_schema.columns c
      where c.table_schema = current_schema() and pg_get_serial_sequence(c.table_name, c.column_name) is not null`.execute(
      trx,
    );
    for (const { table_name, column_name, sequence } of sequences.rows) {
      if (SKIPPED_TABLES.has(table_name)) continue;
      await sql`select setval(${sequence}, coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table_name)}), 0) + 1, false)`.execute(
        trx,
      );
    }
  });
  const copies: TableCopy[] = [];
  for (const table of tables) {
    const [from, to] = await Promise.all([tableChecksum(source, table), tableChecksum(target, table)]);
    const copy = { table, ...from, targetRows: to.rows, targetChecksum: to.checksum };
    copies.push(copy);
    onTable(copy);
  }
  const different = copies.filter((c) => c.rows !== c.targetRows || c.checksum !== c.targetChecksum);
  if (different.length > 0)
    throw new CopyError(`the copy differs from the source in: ${different.map((c) => c.table).join(', ')}`);
  return copies;
}

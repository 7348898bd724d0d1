/**
 * Inserts a valid row into any table from the catalogue alone: NOT NULL columns without a default
 * get a value of their type (the first allowed one when a CHECK lists them), foreign keys point at
 * an existing row of the referenced table (made the same way when there is none). For tests that
 * need rows of many tables with only a few columns chosen (retention, export/import).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

interface ColumnInfo {
  column_name: string;
  udt_name: string;
  nullable: boolean;
  has_default: boolean;
}

async function columnsOf(db: Db, table: string): Promise<ColumnInfo[]> {
  const result = await sql<ColumnInfo>`select column_name, udt_name, is_nullable = 'YES' as nullable,
      (column_default is not null or is_identity = 'YES' or is_generated = 'ALWAYS') as has_default
    from information_schema.columns where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  return result.rows;
}

async function foreignKeysOf(db: Db, table: string): Promise<Map<string, { table: string; column: string }>> {
  const result = await sql<{ column_name: string; ref_table: string; ref_column: string }>`
    select a.attname as column_name, rt.relname as ref_table, ra.attname as ref_column
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class rt on rt.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
    where c.contype = 'f' and t.relname = ${table}`.execute(db);
  return new Map(result.rows.map((r) => [r.column_name, { table: r.ref_table, column: r.ref_column }]));
}

/**
 * Column → a value its CHECKs allow: the first of a `col in (...)` list, unless a compound CHECK
 * names `col = '…'` in its first branch — that branch's other columns are the nullable ones left
 * null here, so its value is the one that passes both (webauthn_challenges: 'primary', not
 * 'register', which needs a user). Ordered by oid: catalogue scan order differs between databases.
 */
async function allowedValuesOf(db: Db, table: string): Promise<Map<string, string>> {
  const result = await sql<{ def: string }>`select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class t on t.oid = c.conrelid where c.contype = 'c' and t.relname = ${table}
    order by c.oid`.execute(db);
  const listed = new Map<string, string>();
  const compared = new Map<string, string>();
  for (const { def } of result.rows) {
    const inList = /\(\(?(\w+)\)? = ANY \(+ARRAY\['([^']*)'/.exec(def);
    if (inList) listed.set(inList[1] as string, inList[2] as string);
    const equal = /\(\(?(\w+)\)? = '([^']*)'/.exec(def);
    if (equal && !compared.has(equal[1] as string)) compared.set(equal[1] as string, equal[2] as string);
  }
  return new Map([...listed, ...compared]);
}

function valueOfType(udt: string): string {
  if (udt.startsWith('_')) return '{}';
  if (udt === 'timestamptz' || udt === 'timestamp') return new Date().toISOString();
  if (/^(int|float|numeric)/.test(udt)) return '0';
  if (udt === 'bool') return 'false';
  if (udt === 'jsonb' || udt === 'json') return '{}';
  if (udt === 'bytea') return '\\x00';
  return `t-${randomUUID()}`;
}

/**
 * Inserts one row into `table` with `values` (strings, Dates, numbers, booleans or null) over
 * generated ones; returns the inserted row.
 */
export async function insertRow(
  db: Db,
  table: string,
  values: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const [columns, foreignKeys, allowed] = await Promise.all([
    columnsOf(db, table),
    foreignKeysOf(db, table),
    allowedValuesOf(db, table),
  ]);
  const chosen: Array<[ColumnInfo, unknown]> = [];
  for (const column of columns) {
    const name = column.column_name;
    if (name in values) {
      chosen.push([column, values[name]]);
      continue;
    }
    if (column.nullable || column.has_default) continue;
    const reference = foreignKeys.get(name);
    if (reference) {
      const existing = await sql<{
        v: unknown;
      }>`select ${sql.ref(reference.column)} as v from ${sql.table(reference.table)} limit 1`.execute(db);
      const target = existing.rows[0]?.v ?? (await insertRow(db, reference.table))[reference.column];
      chosen.push([column, target]);
      continue;
    }
    chosen.push([column, allowed.get(name) ?? valueOfType(column.udt_name)]);
  }
  const value = ([column, v]: [ColumnInfo, unknown]) => {
    if (v === null) return sql`null`;
    const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return sql`${text}::text::${sql.raw(column.udt_name)}`;
  };
  const result = await sql<Record<string, unknown>>`insert into ${sql.table(table)}
    (${sql.join(chosen.map(([c]) => sql.ref(c.column_name)))})
    values (${sql.join(chosen.map(value))}) returning *`.execute(db);
  return result.rows[0] as Record<string, unknown>;
}

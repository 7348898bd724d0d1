/**
 * @module database-shape — what a pooled test database must still look like to be handed to the
 * next test file (pglite-pool.ts, postgres-pool.ts): everything in it but its rows; and the
 * emptying of those rows.
 */

/** What both pools' clients offer: PGlite's and `pg`'s `query` have this form. */
export interface Queryable {
  query<Row>(sqlText: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/** The migrator's own tables: their rows are the snapshot's, not a test's. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * One row, `shape`: a digest of the schemas, relations, indexes, columns, constraints, functions
 * and triggers, and of the migrator's rows.
 */
const SHAPE_QUERY = `
  select md5(string_agg(item, E'\\n' order by item)) as shape from (
    -- A session's temporary schemas stay in the catalogue once made; DISCARD ALL empties them.
    select 'namespace ' || nspname as item from pg_namespace where nspname not like 'pg\\_%temp\\_%'
    union all
    select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text
      || case when c.relkind = 'i' then ' ' || pg_get_indexdef(c.oid) else '' end
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      and n.nspname not like 'pg\\_%temp\\_%'
    union all
    select 'column ' || a.attrelid::regclass::text || '.' || a.attname || ' '
      || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text
      || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
    from pg_proc p where p.pronamespace = 'public'::regnamespace
    union all
    select 'trigger ' || tgrelid::regclass::text || ' ' || tgname from pg_trigger where not tgisinternal
    union all
    select 'migration ' || name from kysely_migration
    union all
    select 'migration lock ' || id || ' ' || is_locked::text from kysely_migration_lock
  ) as items`;

/** The public tables whose rows belong to tests (all but the migrator's), quoted for SQL. */
const TEST_TABLES_QUERY = `
  select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname = 'public' and tablename <> all($1::text[])`;

/** A digest of everything in the database but its rows, and of the migrator's rows. */
export async function shapeOf(client: Queryable): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(SHAPE_QUERY);
  return rows[0]?.shape ?? '';
}

/** Empties every table whose rows belong to tests. */
export async function truncateTestTables(client: Queryable): Promise<void> {
  const { rows } = await client.query<{ name: string }>(TEST_TABLES_QUERY, [MIGRATOR_TABLES]);
  if (rows.length > 0) await client.query(`truncate ${rows.map((t) => t.name).join(', ')}`);
}

import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const c = await PGlite.create({ loadDataDir: new Blob([readFileSync('/tmp/s10/pgl/snap.tar')]) });
const t = await c.query<{ table_name: string }>(
  "select table_name from information_schema.tables where table_schema='public' and table_type='BASE TABLE' order by 1",
);
for (const { table_name } of t.rows) {
  const r = await c.query<{ n: number }>(`select count(*)::int as n from "${table_name}"`);
  if (r.rows[0].n) console.log(table_name, r.rows[0].n);
}
console.log('tables', t.rows.length);
const s = await c.query(
  "select sequence_name from information_schema.sequences where sequence_schema='public'",
);
console.log('sequences', s.rows.length);
const o = await c.query(
  "select count(*)::int n from pg_proc p join pg_namespace n on n.oid=p.pronamespace where nspname='public'",
);
console.log('functions', o.rows);

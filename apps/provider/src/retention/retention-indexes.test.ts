/**
 * Issue 23 "Retention … in bounded batches that never block sign-ins": on PostgreSQL, with
 * 100 000 rows in a table (1% of them dead), each retention batch finds its dead rows through an
 * index. Without one, a batch reads the whole table under its transaction; the plan would show
 * a sequential scan. PostgreSQL only (TEST_DATABASE_URL): PGlite's one process has no such load.
 *
 * Why 100 000 rows is enough: the indexed plan's cost is bounded by the batch's LIMIT, while a
 * sequential scan's grows with the table, so a plan that uses the index here uses it on every
 * bigger table. Smaller tables are not: at 30 000 rows the planner already reads the narrowest
 * table (captcha_tokens) sequentially to delete its batch; at 100 000 the indexed plan costs
 * under half of the sequential one there, and less in every other table.
 */
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../../test/row-factory.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { useTestContext } from '../../test/use-test-context.js';
import { deadBatchDeletion } from './retention.repository.js';
import {
  DEFAULT_RETENTION,
  RETENTION_BATCH_SIZE,
  type RetentionRule,
  retentionRules,
} from './retention-policy.js';

const ROWS = 100_000;
const ctx = useTestContext();

/** The columns that decide a row's death under `rule`, and a live and a dead value for each. */
function lifetimeColumns(rule: RetentionRule): string[] {
  switch (rule.kind) {
    case 'expired':
      return ['expires_at'];
    case 'ended':
      return ['expires_at', 'absolute_expires_at'];
    case 'received':
      return ['received_at'];
    case 'created':
      return ['created_at'];
  }
}

describe.runIf(testDatabaseUrl)('each retention batch on 100 000 rows', () => {
  let client: pg.Client;
  const rules = () => retentionRules(DEFAULT_RETENTION, ctx.clock.now());

  beforeAll(async () => {
    // Its own connection: filling tables takes longer than the provider's statement timeout.
    client = new pg.Client({ connectionString: ctx.database.url });
    await client.connect();
    await withoutForeignKeyChecks(async () => {
      for (const rule of rules()) await fill(rule);
    });
  }, 900_000);
  afterAll(async () => client?.end());

  /**
   * Runs `fill` with the connection's triggers off (session_replication_role = replica), which
   * includes the foreign-key checks: every copied row keeps its template's valid references, and
   * checking each of them one by one cost a third of the filling's CPU time. A server that does not
   * let this role change it (it needs a superuser) fills the slow way; planning is the same.
   */
  async function withoutForeignKeyChecks(fill: () => Promise<void>): Promise<void> {
    const off = await client.query('set session_replication_role = replica').then(
      () => true,
      () => false,
    );
    try {
      await fill();
    } finally {
      if (off) await client.query('reset session_replication_role');
    }
  }

  /**
   * Copies one generated row ROWS times: columns of unique indexes (but foreign keys, which a
   * unique index always pairs with another column here) get distinct values, the rule's columns a
   * live time for 99% of the rows and a dead one for 1%, everything else the template's values.
   * The distinct values ascend (a hex counter as wide as an MD5), so each index insertion lands on
   * its index's last page instead of a random one; only their order differs, not the rows' size.
   */
  async function fill(rule: RetentionRule): Promise<void> {
    await insertRow(ctx.db, rule.table, rule.table === 'otp_codes' ? { consumed_at: new Date() } : {});
    const { rows: columns } = await client.query<{
      name: string;
      type: string;
      generated: boolean;
      unique: boolean;
    }>(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
         (a.attidentity <> '' or a.attgenerated <> '') as generated,
         exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisunique and a.attnum = any(i.indkey))
           and not exists (select 1 from pg_constraint k where k.conrelid = a.attrelid and k.contype = 'f' and a.attnum = any(k.conkey))
           as unique
       from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped`,
      [rule.table],
    );
    const lifetime = lifetimeColumns(rule);
    const cutoff = rule.cutoff.toISOString();
    const counter = `lpad(to_hex(i), 32, '0')`;
    const names: string[] = [];
    const values: string[] = [];
    for (const column of columns) {
      if (column.generated) continue;
      names.push(pg.escapeIdentifier(column.name));
      if (lifetime.includes(column.name))
        values.push(
          `case when i % 100 = 0 then ${pg.escapeLiteral(cutoff)}::timestamptz - interval '1 hour' else ${pg.escapeLiteral(cutoff)}::timestamptz + interval '10 days' end`,
        );
      else if (column.unique && column.type === 'bytea') values.push(`decode(${counter}, 'hex')`);
      else if (column.unique) values.push(`(${counter})::${column.type}`);
      else values.push(`t.${pg.escapeIdentifier(column.name)}`);
    }
    const table = pg.escapeIdentifier(rule.table);
    await client.query(
      `insert into ${table} (${names.join(', ')}) select ${values.join(', ')}
       from ${table} t, generate_series(1, ${ROWS}) i where t.ctid = (select ctid from ${table} limit 1)`,
    );
    await client.query(`analyze ${table}`);
  }

  /** The plan of `query` as JSON text. */
  async function plan(query: RawBuilder<unknown>): Promise<string> {
    const compiled = query.compile(ctx.db);
    const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
      `explain (format json) ${compiled.sql}`,
      compiled.parameters as unknown[],
    );
    return JSON.stringify(rows[0]?.['QUERY PLAN']);
  }

  it('finds its dead rows through an index, in every table the clean-up sweeps', async () => {
    for (const rule of rules()) {
      const shown = await plan(deadBatchDeletion(rule, RETENTION_BATCH_SIZE));
      expect(shown, `${rule.table}: ${shown}`).not.toContain('"Seq Scan"');
      expect(shown, `${rule.table}: ${shown}`).toMatch(/"(Index|Index Only|Bitmap Index) Scan"/);
    }
    // The check can fail: a condition on a column without an index plans a sequential scan here.
    const unindexed = await plan(sql`select ctid from magic_links where created_at <= now() limit 1000`);
    expect(unindexed).toContain('"Seq Scan"');
  }, 120_000);
});

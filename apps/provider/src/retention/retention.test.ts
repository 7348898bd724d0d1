/**
 * Issue 23 "Retention": the clean-up deletes exactly the rows that are dead at the cutoff (rows on
 * both sides of it, in each table), in bounded batches; two processes racing on one PostgreSQL
 * delete each row once and neither fails.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRow } from '../../test/row-factory.js';
import { useTestContext } from '../../test/use-test-context.js';
import { connectDatabase } from '../db/connect.js';
import type { Db } from '../db/database.js';
import { DEFAULT_RETENTION, EXPIRING_TOKEN_TABLES, retentionRules } from './retention-policy.js';
import { createRetentionRunner } from './retention-runner.js';

const ctx = useTestContext();
const quiet = { warn: () => undefined, info: () => undefined };
const MS = 1;

function runner(db: Db, batchSize?: number) {
  return createRetentionRunner({
    db,
    clock: ctx.clock,
    settings: DEFAULT_RETENTION,
    log: quiet,
    ...(batchSize ? { batchSize } : {}),
  });
}

async function ids(table: string, column = 'ctid'): Promise<string[]> {
  const result = await sql<{
    k: string;
  }>`select ${sql.ref(column)}::text as k from ${sql.table(table)}`.execute(ctx.db);
  return result.rows.map((r) => r.k).sort();
}

/** The first column of `table`'s primary key (rows made by insertRow carry random values there). */
async function keyOf(table: string): Promise<string> {
  const result = await sql<{ name: string }>`select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
    where i.indrelid = ${table}::regclass and i.indisprimary`.execute(ctx.db);
  return result.rows[0]?.name as string;
}

async function count(table: string): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db);
  return Number(result.rows[0]?.n);
}

/** Rows just past and just before each table's cutoff; returns the marker each kept row carries. */
async function givenRowsAroundTheCutoffs(): Promise<Map<string, { kept: string[]; dead: number }>> {
  const now = ctx.clock.now();
  const rules = retentionRules(DEFAULT_RETENTION, now);
  const cutoffOf = (table: string) => {
    const rule = rules.find((r) => r.table === table);
    if (!rule) throw new Error(`no rule for ${table}`);
    return rule.cutoff.getTime();
  };
  const at = (ms: number) => new Date(ms);
  const marked = new Map<string, { kept: string[]; dead: number }>();
  const give = async (table: string, dead: Record<string, unknown>[], kept: Record<string, unknown>[]) => {
    for (const values of dead) await insertRow(ctx.db, table, values);
    const keptKeys: string[] = [];
    const key = await keyOf(table);
    for (const values of kept) keptKeys.push(String((await insertRow(ctx.db, table, values))[key]));
    marked.set(table, { kept: keptKeys, dead: dead.length });
  };
  const limit = cutoffOf('rate_limit_buckets');
  await give(
    'rate_limit_buckets',
    [{ expires_at: at(limit) }, { expires_at: at(limit - 60_000) }],
    [{ expires_at: at(limit + MS) }],
  );
  for (const table of EXPIRING_TOKEN_TABLES) {
    const cutoff = cutoffOf(table);
    // Used or not, a token past the cutoff is dead; one expired less long ago is kept (the grace).
    await give(
      table,
      [{ expires_at: at(cutoff) }],
      [{ expires_at: at(cutoff + MS) }, { expires_at: at(now.getTime() + 60_000) }],
    );
  }
  const ended = cutoffOf('sessions');
  const future = at(now.getTime() + 3_600_000);
  await give(
    'sessions',
    [
      { expires_at: at(ended - MS), absolute_expires_at: future },
      { expires_at: future, absolute_expires_at: at(ended) },
      { expires_at: future, absolute_expires_at: future, revoked_at: at(ended - 60_000) },
    ],
    [
      { expires_at: at(ended + MS), absolute_expires_at: future },
      { expires_at: future, absolute_expires_at: future, revoked_at: at(ended + MS) },
      { expires_at: future, absolute_expires_at: future },
    ],
  );
  await give(
    'sdk_events',
    [{ received_at: at(cutoffOf('sdk_events')) }],
    [{ received_at: at(cutoffOf('sdk_events') + MS) }],
  );
  await give(
    'outbox_messages',
    [{ created_at: at(cutoffOf('outbox_messages') - MS) }],
    [{ created_at: at(cutoffOf('outbox_messages') + MS) }],
  );
  return marked;
}

describe('the retention clean-up', () => {
  it('deletes exactly the rows past each cutoff, in every table, and nothing else', async () => {
    ctx.clock.set(new Date('2026-06-01T00:00:00.000Z'));
    const marked = await givenRowsAroundTheCutoffs();
    const untouched = {
      users: await count('users'),
      projects: await count('projects'),
      emails: await count('emails'),
    };
    const before = new Map<string, number>();
    for (const table of marked.keys()) before.set(table, await count(table));

    // A batch of 1 row: every table needs several statements, and still ends.
    const report = await runner(ctx.db, 1).runOnce();

    expect(report.yielded).toBe(false);
    for (const [table, { kept, dead }] of marked) {
      expect(report.deleted[table] ?? 0, table).toBe(dead);
      expect(await count(table), table).toBe((before.get(table) as number) - dead);
      const left = await ids(table, await keyOf(table));
      for (const k of kept) expect(left, `${table} keeps ${k}`).toContain(k);
    }
    expect({
      users: await count('users'),
      projects: await count('projects'),
      emails: await count('emails'),
    }).toEqual(untouched);

    // Run again: nothing is dead any more.
    expect((await runner(ctx.db).runOnce()).deleted).toEqual({});
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'two processes racing on one PostgreSQL delete each row once, and neither fails',
    async () => {
      ctx.clock.set(new Date('2026-07-01T00:00:00.000Z'));
      const cutoff = retentionRules(DEFAULT_RETENTION, ctx.clock.now()).find((r) => r.table === 'sdk_events')
        ?.cutoff as Date;
      const old = new Date(cutoff.getTime() - 1000);
      const DEAD = 5_000;
      await sql`insert into sdk_events (public_token, event_name, payload, received_at)
        select 'public-token-test-race', 'race', '{}'::jsonb, ${old}::timestamptz from generate_series(1, ${DEAD})`.execute(
        ctx.db,
      );
      const kept = await insertRow(ctx.db, 'sdk_events', { received_at: ctx.clock.now() });
      // With any left by the test before, still dead at this cutoff.
      const dead = Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from sdk_events where received_at <= ${cutoff}`.execute(ctx.db)
        ).rows[0]?.n,
      );
      expect(dead).toBeGreaterThanOrEqual(DEAD);
      const second = await connectDatabase({
        kind: 'postgres',
        url: ctx.database.url as string,
        poolSize: 4,
      });
      try {
        const [a, b] = await Promise.all([runner(ctx.db, 100).runOnce(), runner(second.db, 100).runOnce()]);
        expect((a.deleted.sdk_events ?? 0) + (b.deleted.sdk_events ?? 0)).toBe(dead);
        expect(a.yielded && b.yielded).toBe(false);
        const left = await sql<{
          id: string;
        }>`select id from sdk_events where received_at <= ${cutoff}`.execute(ctx.db);
        expect(left.rows).toEqual([]);
        expect((await ids('sdk_events', 'id')).includes(String(kept.id))).toBe(true);
      } finally {
        await second.close();
      }
    },
  );
});

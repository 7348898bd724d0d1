/**
 * PGlite statements run as named prepared statements (issue 18: parse + analyse and PGlite's six
 * protocol round trips per query were about half a login's statement cost): results read as
 * PGlite's own query() reads them, a table change cannot break a prepared `select *`, the set is
 * bounded, errors keep PostgreSQL's code, a login's statements are prepared once, and BEGIN,
 * COMMIT and ROLLBACK are prepared as well. PGlite only: with TEST_DATABASE_URL (the PostgreSQL
 * run) these would rerun the same PGlite code.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { givenPasswordUser, postPasswords, STRONG_PASSWORD } from '../../test/password-helpers.js';
import { pgliteSnapshot } from '../../test/pglite-snapshot.js';
import { createTestContext } from '../../test/test-app.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { createPreparedPgliteSession, PREPARED_STATEMENT_LIMIT } from './pglite-prepared-session.js';

/**
 * A new in-memory PGlite loaded from the run's migrated snapshot (global-setup.ts) when there is
 * one: a bare PGlite.create() runs initdb, about 7 s of CPU each, and these tables are the test's own.
 */
async function newPglite(): Promise<PGlite> {
  const snapshot = inject('pgliteSnapshotPath');
  if (!snapshot) return PGlite.create();
  const { loadDataDir, wasmModule } = await pgliteSnapshot(snapshot);
  return PGlite.create({ loadDataDir, pgliteWasmModule: wasmModule });
}

describe.skipIf(testDatabaseUrl)('on PGlite', () => {
  let client: PGlite;
  let session: ReturnType<typeof createPreparedPgliteSession>;
  beforeAll(async () => {
    client = await newPglite();
    session = createPreparedPgliteSession(client);
    await client.exec(`
      create table things (
        id integer primary key, name text, at timestamptz, flags boolean, doc json, docb jsonb,
        big bigint, amount numeric, tags text[], raw bytea
      );
      insert into things values
        (1, 'one', '2026-11-26T12:00:00Z', true, '{"a":[1,2]}', '{"b":null}', 9007199254740993, 1.5,
         '{x,y}', '\\x00ff'),
        (2, null, null, null, null, null, null, null, null, null);
    `);
  });
  afterAll(async () => client?.close());

  const preparedCount = async () =>
    (await client.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements'))
      .rows[0]?.count;

  describe('a prepared statement', () => {
    it('reads rows exactly as PGlite query() does, every time, and is prepared once', async () => {
      const text = 'select * from things where id = $1 or name = $2 order by id';
      const expected = await client.query(text, [2, 'one']);
      const before = await preparedCount();
      const first = await session.query(text, [2, 'one']);
      const second = await session.query(text, [2, 'one']);
      expect(first.rows).toEqual(expected.rows);
      expect(second.rows).toEqual(expected.rows);
      expect(first.rows).toHaveLength(2);
      expect(await preparedCount()).toBe((before ?? 0) + 1);
    });

    it('serialises parameters by the type PostgreSQL inferred (dates, JSON, nulls)', async () => {
      const at = new Date('2026-11-27T08:30:00.000Z');
      const inserted = await session.query(
        'insert into things (id, name, at, doc) values ($1, $2, $3, $4) returning id, at, doc',
        [3, null, at, JSON.stringify({ c: 'd' })],
      );
      expect(inserted.rows).toEqual([{ id: 3, at, doc: { c: 'd' } }]);
      expect(inserted.affectedRows).toBe(1);
      const updated = await session.query('update things set flags = $1 where id > $2', [false, 1]);
      expect(updated).toMatchObject({ rows: [], affectedRows: 2 });
    });

    it('still answers when a table change alters what `select *` returns', async () => {
      const text = 'select * from things where id = $1';
      expect(Object.keys((await session.query(text, [1])).rows[0] ?? {})).not.toContain('added');
      await session.query('alter table things add column added text', []);
      const after = await session.query(text, [1]);
      expect(after.rows[0]).toHaveProperty('added', null);
    });

    it('keeps PostgreSQL’s error code, and the session stays usable inside and outside a transaction', async () => {
      const duplicate = session.query('insert into things (id) values ($1)', [1]);
      await expect(duplicate).rejects.toMatchObject({ code: '23505' });
      await session.query('begin', []);
      await expect(session.query('insert into things (id) values ($1)', [1])).rejects.toMatchObject({
        code: '23505',
      });
      await session.query('rollback', []);
      await expect(session.query('select no_such_column from things', [])).rejects.toMatchObject({
        code: '42703',
      });
      expect((await session.query('select id from things where id = $1', [2])).rows).toEqual([{ id: 2 }]);
    });

    it('runs transaction boundaries prepared too, a first ROLLBACK inside an aborted transaction included', async () => {
      const fresh = await newPglite();
      try {
        const own = createPreparedPgliteSession(fresh);
        await fresh.exec('create table t (id integer primary key)');
        const viaQuery = vi.spyOn(fresh, 'query');
        await own.query('begin', []);
        await own.query('insert into t (id) values ($1)', [1]);
        await expect(own.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({
          code: '23505',
        });
        await own.query('rollback', []);
        await own.query('start transaction isolation level serializable', []);
        await own.query('insert into t (id) values ($1)', [2]);
        await own.query('commit', []);
        expect(viaQuery).not.toHaveBeenCalled();
        viaQuery.mockRestore();
        expect((await fresh.query('select id from t')).rows).toEqual([{ id: 2 }]);
        const statements = (
          await fresh.query<{ statement: string }>('select statement from pg_prepared_statements')
        ).rows.map((row) => row.statement);
        expect(statements).toEqual(
          expect.arrayContaining([
            'begin',
            'rollback',
            'commit',
            'start transaction isolation level serializable',
          ]),
        );
      } finally {
        await fresh.close();
      }
    });

    it(`keeps at most ${PREPARED_STATEMENT_LIMIT} statements, closing the least recently used`, async () => {
      for (let i = 0; i < PREPARED_STATEMENT_LIMIT + 10; i++)
        await session.query(`select $1::int + ${i} as n`, [i]);
      expect(await preparedCount()).toBe(PREPARED_STATEMENT_LIMIT);
      expect((await session.query('select $1::int + 3 as n', [4])).rows).toEqual([{ n: 7 }]);
    });
  });

  describe('the provider on PGlite', () => {
    it('runs a password login’s statements as prepared statements, reused by the next login', async () => {
      const ctx = await createTestContext();
      try {
        expect(ctx.database.kind).toBe('pglite');
        await givenPasswordUser(ctx, 'prepared@example.com');
        const login = () =>
          postPasswords(ctx, '/passwords/authenticate', {
            email: 'prepared@example.com',
            password: STRONG_PASSWORD,
          });
        expect((await login()).statusCode).toBe(200);
        const prepared = async () =>
          (
            await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(ctx.db)
          ).rows.map((row) => row.statement);
        const afterFirst = await prepared();
        expect(afterFirst.some((text) => text.includes('from "emails" inner join "passwords"'))).toBe(true);
        expect(afterFirst.some((text) => text.startsWith('insert into "sessions"'))).toBe(true);
        expect((await login()).statusCode).toBe(200);
        expect((await prepared()).length).toBe(afterFirst.length);
      } finally {
        await ctx.close();
      }
    });
  });
});

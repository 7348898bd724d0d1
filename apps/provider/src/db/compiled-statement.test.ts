/**
 * compiledStatement (issue 18): a statement compiled once runs each time with that run's values,
 * runs exactly the SQL Kysely builds for it, and passes through the executor's plugins (the
 * statement recorder and fault injection see it); without plugins it runs as compiled. PGlite and TEST_DATABASE_URL.
 */
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { statementRecorder } from '../../test/statement-recorder.js';
import { useTestContext } from '../../test/use-test-context.js';
import { compiledPerShape, compiledStatement } from './compiled-statement.js';

const ctx = useTestContext();

const counter = (projectId: string, keyHash: string, failures: number, lastFailureAt: Date) => ({
  project_id: projectId,
  scope: 'compiled-statement.test',
  key_hash: keyHash,
  failures,
  locked_until: null,
  last_failure_at: lastFailureAt,
});

const countersSince = compiledStatement(['project_id', 'since'], (db, v) =>
  db
    .selectFrom('login_failures')
    .select(['key_hash', 'failures'])
    .where('project_id', '=', v.project_id)
    .where('scope', '=', 'compiled-statement.test')
    .where('last_failure_at', '>=', v.since)
    .where(sql<boolean>`failures > ${sql.lit(1)}`)
    .orderBy('key_hash'),
);

describe('a compiled statement', () => {
  it("answers each run with that run's values, not the first run's", async () => {
    const projectId = ctx.dev.project.id;
    const early = new Date('2026-01-01T00:00:00Z');
    const late = new Date('2026-06-01T00:00:00Z');
    await ctx.db
      .insertInto('login_failures')
      .values([
        counter(projectId, 'a', 2, early),
        counter(projectId, 'b', 3, late),
        counter(projectId, 'c', 1, late),
      ])
      .execute();
    expect(await countersSince.execute(ctx.db, { project_id: projectId, since: early })).toEqual([
      { key_hash: 'a', failures: 2 },
      { key_hash: 'b', failures: 3 },
    ]);
    expect(await countersSince.execute(ctx.db, { project_id: projectId, since: late })).toEqual([
      { key_hash: 'b', failures: 3 },
    ]);
    expect(await countersSince.execute(ctx.db, { project_id: 'another-project', since: early })).toEqual([]);
  });

  it("runs the SQL Kysely builds, through the executor's plugins, with the values as parameters", async () => {
    const recorder = statementRecorder();
    const recorded = ctx.db.withPlugin(recorder.plugin);
    const since = new Date('2026-03-01T00:00:00Z');
    const built = ctx.db
      .selectFrom('login_failures')
      .select(['key_hash', 'failures'])
      .where('project_id', '=', 'p')
      .where('scope', '=', 'compiled-statement.test')
      .where('last_failure_at', '>=', since)
      .where(sql<boolean>`failures > ${sql.lit(1)}`)
      .orderBy('key_hash')
      .compile();
    recorder.state.recording = true;
    await countersSince.execute(recorded, { project_id: 'p', since });
    recorder.state.recording = false;
    expect(recorder.state.statements).toEqual([built.sql]);
  });

  it('runs on an executor without plugins as compiled, without building or compiling a node again', async () => {
    const executor = ctx.db.getExecutor();
    expect(executor.plugins).toEqual([]);
    const since = new Date('2026-03-01T00:00:00Z');
    await countersSince.execute(ctx.db, { project_id: 'p', since }); // compiled here, once
    const transforms = vi.spyOn(executor, 'transformQuery');
    const compiles = vi.spyOn(executor, 'compileQuery');
    try {
      expect(await countersSince.execute(ctx.db, { project_id: 'p', since })).toEqual([]);
      expect(transforms).not.toHaveBeenCalled();
      expect(compiles).not.toHaveBeenCalled();
    } finally {
      transforms.mockRestore();
      compiles.mockRestore();
    }
  });
});

describe('compiled statements per shape', () => {
  it('compiles once per distinct shape, and gives each shape its own statement', () => {
    const compiled: number[] = [];
    const statementFor = compiledPerShape(
      (threshold: number) => String(threshold),
      (threshold) => {
        compiled.push(threshold);
        return { threshold };
      },
    );
    expect(statementFor(5)).toBe(statementFor(5));
    expect(statementFor(50)).toEqual({ threshold: 50 });
    expect(statementFor(5)).toEqual({ threshold: 5 });
    expect(compiled).toEqual([5, 50]);
  });
});

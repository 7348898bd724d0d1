/**
 * Issue 23 "Moving from PGlite to PostgreSQL": a PGlite data directory seeded through the real
 * API is copied by `latchkey-provider migrate-to-postgres`, every table matches row for row, and a
 * provider on the copy signs the same password user in. Needs TEST_DATABASE_URL (the target).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { builtEntry } from '../../test/built-provider.js';
import { givenSignedInUser } from '../../test/magic-link-helpers.js';
import { givenPasswordUser, postPasswords, STRONG_PASSWORD } from '../../test/password-helpers.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { adminQuery, testDatabaseUrl } from '../../test/test-database.js';
import { givenPasskeyUser } from '../../test/webauthn-helpers.js';
import { givenEndpoint } from '../../test/webhook-helpers.js';
import { connectDatabase } from './connect.js';
import { tablesInDependencyOrder } from './copy-to-postgres.js';
import type { Db } from './database.js';
import { inTransaction } from './transaction.js';

const root = resolve(import.meta.dirname, '../../../..');
/** More rows than two of the copy's pages, and not a multiple of its page size. */
const PAGED_ROWS = 2_345;

/** Every row of `table` as JSON text in UTC, sorted: what "row for row" compares. */
async function rowsOf(db: Db, table: string): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    await sql`set local time zone 'UTC'`.execute(trx);
    const result = await sql<{
      r: string;
    }>`select row_to_json(t)::text as r from ${sql.table(table)} t`.execute(trx);
    return result.rows.map((row) => row.r).sort();
  });
}

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [builtEntry('cli'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

describe.runIf(testDatabaseUrl)('latchkey-provider migrate-to-postgres', () => {
  it('copies a seeded PGlite directory row for row, and the copy signs the same people in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-move-'));
    const name = `latchkey_test_move_${process.pid}_${Date.now()}`;
    let source: TestContext | undefined;
    let copy: TestContext | undefined;
    try {
      source = await createTestContext({ database: { pgliteDir: dataDir } });
      await givenPasswordUser(source, 'move-pw@example.com');
      await givenPasswordUser(source, 'move-pw-2@example.com');
      await givenSignedInUser(source, 'move-ml@example.com');
      await givenPasskeyUser(source, 'move-passkey@example.com');
      await givenEndpoint(source, { url: 'https://hooks.example.com/latchkey' });
      await givenPasswordUser(source, 'move-after-hook@example.com');
      await source.app.activity.flush();
      // Tables larger than one page (1 000 rows): one keyed by a bigint, one by three text columns
      // whose values sort differently by byte and by collation.
      await sql`insert into sdk_events (public_token, event_name, payload, received_at)
        select 'public-token-test', 'page-' || i, jsonb_build_object('i', i), now() - i * interval '1 second'
        from generate_series(1, ${PAGED_ROWS}) i`.execute(source.db);
      await sql`insert into rate_limit_buckets (project_id, scope, key_hash, hits, window_started_at, expires_at)
        select ${source.dev.project_id}, (array['send', 'Send', 'émail'])[1 + i % 3], md5(i::text), i, now(), now() + interval '1 hour'
        from generate_series(1, ${PAGED_ROWS}) i`.execute(source.db);
      const devPublicToken = source.dev.public_token;
      await source.close();
      source = undefined;

      await adminQuery(`create database ${name}`);
      const url = new URL(testDatabaseUrl as string);
      url.pathname = `/${name}`;
      const run = await runCli(['migrate-to-postgres', '--from', dataDir, '--to', url.toString()]);
      expect(run.code, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout) as {
        tables: Array<{ table: string; rows: number }>;
        total_rows: number;
      };
      expect(summary.total_rows).toBeGreaterThan(0);
      expect(run.stderr).not.toContain('DIFF');

      // Row for row, read independently of the command's own checksums.
      const from = await connectDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
      const to = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        const tables = await tablesInDependencyOrder(from.db);
        expect(summary.tables.map((t) => t.table).sort()).toEqual([...tables].sort());
        for (const table of ['sdk_events', 'rate_limit_buckets'])
          expect((await rowsOf(from.db, table)).length, table).toBeGreaterThanOrEqual(PAGED_ROWS);
        for (const table of [
          'users',
          'passwords',
          'sessions',
          'webauthn_registrations',
          'webhook_endpoints',
          'webhook_events',
        ])
          expect((await rowsOf(from.db, table)).length, table).toBeGreaterThan(0);
        for (const table of tables)
          expect(await rowsOf(to.db, table), table).toEqual(await rowsOf(from.db, table));
        // Serial columns continue after the copied values.
        const next = await sql<{
          next: string;
          max: string | null;
        }>`select nextval(pg_get_serial_sequence('outbox_messages', 'seq')) as next,
            (select max(seq) from outbox_messages) as max`.execute(to.db);
        expect(Number(next.rows[0]?.next)).toBeGreaterThan(Number(next.rows[0]?.max ?? 0));
      } finally {
        await Promise.all([from.close(), to.close()]);
      }

      // A second run refuses: the target is no longer empty.
      const again = await runCli(['migrate-to-postgres', '--from', dataDir, '--to', url.toString()]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('not empty');

      copy = await createTestContext({ database: { postgresUrl: url.toString() } });
      const signIn = await postPasswords(
        copy,
        '/passwords/authenticate',
        { email: 'move-pw@example.com', password: STRONG_PASSWORD, session_duration_minutes: 60 },
        { publicToken: devPublicToken },
      );
      expect(signIn.statusCode, signIn.body).toBe(200);
    } finally {
      await source?.close();
      await copy?.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});

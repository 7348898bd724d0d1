/**
 * PGlite's buffer pool lives in a WebAssembly heap that never shrinks, so it is kept small.
 * PGlite only: with TEST_DATABASE_URL (the PostgreSQL run) these would rerun the same PGlite code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-database.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';

describe.skipIf(testDatabaseUrl)('PGlite on disk', () => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-buffers-'));
    // On disk, as `npm start` runs it: a new directory, made from the build's template (or initdb).
    handle = await connectDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs with shared_buffers = 32MB, not initdb’s 128MB', async () => {
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
    expect(rows[0]?.shared_buffers).toBe('32MB');
  });

  it('keeps what it wrote across a restart', async () => {
    await sql`create table kept (id integer primary key)`.execute(handle.db);
    await sql`insert into kept values (7)`.execute(handle.db);
    await handle.close();
    handle = await connectDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    const { rows } = await sql<{ id: number }>`select id from kept`.execute(handle.db);
    expect(rows).toEqual([{ id: 7 }]);
  });
});

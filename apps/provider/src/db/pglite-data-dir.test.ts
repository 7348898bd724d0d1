/**
 * A new PGlite directory starts from the migrated template (pglite-template.ts), or from initdb
 * without a usable one; a start that dies while unpacking leaves no half-made directory behind.
 * PGlite only: with TEST_DATABASE_URL (the PostgreSQL run) these would rerun the same PGlite code.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-database.js';
import { type DatabaseHandle, pgliteHandle } from './connect.js';
import { migrateToLatest, migrations } from './migrate.js';
import { openPgliteDir, pgliteTemplateFile } from './pglite-data-dir.js';
import { writePgliteTemplate } from './pglite-template.js';

describe.skipIf(testDatabaseUrl)('a new PGlite directory', () => {
  let dir: string;
  let template: string;
  const open: DatabaseHandle[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-pglite-dir-'));
    template = join(dir, 'template.tar.gz');
    await writePgliteTemplate(template);
  });
  // Each instance holds a WebAssembly heap of some hundred MiB: closed after its test.
  afterEach(async () => {
    for (const handle of open.splice(0)) await handle.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function openIn(name: string, templateFile: string | undefined) {
    const handle = pgliteHandle(await openPgliteDir(join(dir, name), templateFile));
    open.push(handle);
    return handle;
  }

  it('starts from the template: every migration applied, no row in any table, the provider’s settings', async () => {
    const { db } = await openIn('from-template', template);
    expect(await migrateToLatest(db)).toEqual([]);
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
    expect(tables.length).toBeGreaterThan(30);
    const counted = await Promise.all(
      tables
        .filter(({ name }) => !name.startsWith('kysely_migration'))
        .map(async ({ name }) => {
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
          return [name, rows[0]?.n] as const;
        }),
    );
    // No secret or key can come with the template: every installation would share it.
    expect(counted.filter(([, n]) => n !== 0)).toEqual([]);
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
    expect(rows[0]?.shared_buffers).toBe('32MB');
    expect(readdirSync(dir)).not.toContain('from-template.new');
  });

  it('takes what it writes across a restart, as a directory made by initdb does', async () => {
    const first = await openIn('restarted', template);
    await sql`create table kept (id integer primary key)`.execute(first.db);
    await sql`insert into kept values (7)`.execute(first.db);
    await first.close();
    open.splice(open.indexOf(first), 1);
    const { db } = await openIn('restarted', template);
    const { rows } = await sql<{ id: number }>`select id from kept`.execute(db);
    expect(rows).toEqual([{ id: 7 }]);
  });

  // A missing template takes the same way (initdb, about 5 s of CPU: one test of it).
  it('runs initdb when PGlite refuses the template, and leaves no staging directory behind', async () => {
    const broken = join(dir, 'broken.tar.gz');
    writeFileSync(broken, 'not a tar of a data directory');
    const { db } = await openIn('broken-template', broken);
    expect(await migrateToLatest(db)).toHaveLength(Object.keys(migrations).length);
    expect(readdirSync(dir)).not.toContain('broken-template.new');
  });

  it('replaces what a start killed while unpacking left in the staging directory', async () => {
    mkdirSync(join(dir, 'interrupted.new', 'base'), { recursive: true });
    writeFileSync(join(dir, 'interrupted.new', 'PG_VERSION'), '17\n');
    const { db } = await openIn('interrupted', template);
    expect(await migrateToLatest(db)).toEqual([]);
    expect(existsSync(join(dir, 'interrupted.new'))).toBe(false);
  });

  it('finds the build’s template in the package’s dist/, from src/ and from the bundle alike', () => {
    const packageDir = join(import.meta.dirname, '..', '..');
    const expected = join(packageDir, 'dist', 'pglite-template.tar.gz');
    expect(pgliteTemplateFile()).toBe(expected);
    expect(pgliteTemplateFile(join(packageDir, 'dist', 'bundle', 'provider'))).toBe(expected);
    expect(pgliteTemplateFile(tmpdir())).toBeUndefined();
  });
});

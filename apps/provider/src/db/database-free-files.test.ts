/** Issue 18: which provider test files the PostgreSQL run leaves out, read from their imports (test/database-free-files.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFreeProviderTestFiles } from '../../test/database-free-files.js';

const repo = mkdtempSync(join(tmpdir(), 'latchkey-database-free-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    const file = join(repo, 'apps/provider', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

describe('databaseFreeProviderTestFiles', () => {
  it('leaves out only files whose imports, followed through the repository, reach no database or process', () => {
    write({
      'src/db/connect.ts':
        "import { PGlite } from '@electric-sql/pglite';\nexport const open = () => new PGlite();\n",
      'test/test-database.ts': "export { open } from '../src/db/connect.js';\n",
      'src/pure.ts': "import { other } from './pure-cycle.js';\nexport const pure = () => other;\n",
      'src/pure-cycle.ts': "import { pure } from './pure.js';\nexport const other = 1;\nexport { pure };\n",
      'src/uses-db.ts': "import { open } from './db/connect.js';\nexport const run = open;\n",
      'src/helper-with-driver.ts': "import pg from 'pg';\nexport const client = pg;\n",
      'src/a-pure.test.ts':
        "import { describe } from 'vitest';\nimport { pure } from './pure.js';\nimport '@latchkey/wire';\n",
      'src/b-test-database.test.ts': "import { open } from '../test/test-database.js';\n",
      'src/c-through-a-helper.test.ts': "import { client } from './helper-with-driver.js';\n",
      'src/d-another-process.test.ts': "import { spawn } from 'node:child_process';\n",
      'src/e-database-url.test.ts': 'const url = process.env.TEST_DATABASE_URL;\n',
      'src/f-computed-import.test.ts': 'const built = await import(process.argv[2]);\n',
      'src/g-type-only.test.ts': "import type { run } from './uses-db.js';\n",
      'src/h-dynamic.test.ts': "const { run } = await import('./uses-db.js');\n",
      'src/nested/i-pure.test.ts': "export * from '../pure.js';\n",
      // A cycle whose way to the database leaves from one side: both ends reach it.
      'src/cycle-a.ts':
        "import { b } from './cycle-b.js';\nimport { open } from './db/connect.js';\nexport const a = open;\n",
      'src/cycle-b.ts': "import { a } from './cycle-a.js';\nexport const b = a;\n",
      'src/j-into-the-cycle.test.ts': "import { a } from './cycle-a.js';\n",
      'src/k-into-the-cycle.test.ts': "import { b } from './cycle-b.js';\n",
    });
    expect(databaseFreeProviderTestFiles(repo)).toEqual([
      'apps/provider/src/a-pure.test.ts',
      'apps/provider/src/nested/i-pure.test.ts',
    ]);
  });

  it('on this repository, leaves out pure files and keeps every file that builds an app', () => {
    const free = databaseFreeProviderTestFiles(join(import.meta.dirname, '../../../..'));
    expect(free).toContain('apps/provider/src/crypto/pkce.test.ts');
    expect(free).not.toContain('apps/provider/src/features/passwords/passwords.test.ts');
    expect(free).not.toContain('apps/provider/src/cli/cli-start.test.ts');
    expect(free).not.toContain('apps/provider/src/db/copy-to-postgres.test.ts');
  });
});

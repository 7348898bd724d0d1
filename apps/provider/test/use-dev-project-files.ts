/** A test database and a scratch data directory for the development projects' credential files, per test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Clock, createManualClock } from '../src/clock.js';
import type { Db } from '../src/db/database.js';
import { cryptoRandom, type Random } from '../src/random.js';
import { fileScoped } from './file-scoped.js';
import { createTestDatabase } from './test-database.js';

/** Where ensureDevProject and its kin keep their projects: the database and the data directory. */
export interface DevProjectFiles {
  db: Db;
  dataDir: string;
  /** The deps an ensure call takes: a fresh manual clock each time, the real random, the data directory. */
  deps(): { clock: Clock; random: Random; dataDir: string };
}

/**
 * A fresh test database and a new directory under the system's temporary one (named from
 * `prefix`), built before the file's first test; after its last, the database is closed and
 * the directory removed, so no run leaves one behind.
 */
export function useDevProjectFiles(prefix: string): DevProjectFiles {
  return fileScoped(
    'the development project files',
    async () => {
      const database = await createTestDatabase();
      const dataDir = mkdtempSync(join(tmpdir(), prefix));
      return {
        db: database.db,
        dataDir,
        deps: () => ({ clock: createManualClock(), random: cryptoRandom, dataDir }),
        close: () => database.close(),
      };
    },
    async (files) => {
      await files.close();
      rmSync(files.dataDir, { recursive: true, force: true });
    },
  );
}

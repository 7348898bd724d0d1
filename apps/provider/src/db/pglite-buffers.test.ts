/** PGlite's buffer pool lives in a WebAssembly heap that never shrinks, so it is kept small. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';

describe('PGlite', () => {
  it.each(['in memory', 'on disk'] as const)(
    '%s runs with shared_buffers = 32MB, not initdb’s 128MB',
    async (where) => {
      const dir = mkdtempSync(join(tmpdir(), 'latchkey-buffers-'));
      const handle = await connectDatabase(
        where === 'in memory' ? { kind: 'pglite-memory' } : { kind: 'pglite', dataDir: join(dir, 'pglite') },
      );
      try {
        const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
        expect(rows[0]?.shared_buffers).toBe('32MB');
      } finally {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

/**
 * @module pglite-template — writes the template a new PGlite directory starts from
 * (pglite-data-dir.ts): initdb's files with every migration applied and no rows. The build writes
 * it (scripts/pglite-template.mjs); a directory made from it runs the migrations that came later.
 * It holds no secret: migrations write no rows, and the provider makes its keys at its first start.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { openPgliteInMemory, pgliteHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';

/** Runs initdb and the migrations in memory, and writes the data directory to `file` (a gzipped tar). */
export async function writePgliteTemplate(file: string): Promise<void> {
  const client = await openPgliteInMemory();
  const { db } = pgliteHandle(client);
  try {
    await migrateToLatest(db);
    // A clean checkpoint: a directory made from the dump has no WAL to replay at its first start.
    await sql`checkpoint`.execute(db);
    const dump = await client.dumpDataDir('gzip');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    // Whole or not at all: two builds may write it at once, and a reader never sees half a file.
    renameSync(partial, file);
  } finally {
    await db.destroy();
  }
}

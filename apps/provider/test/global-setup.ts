/**
 * Vitest global set-up of the provider project: migrates one database per run, which every test
 * file then clones (test-database.ts) instead of creating and migrating its own. On PGlite the
 * clone is a dumped data directory loaded into a new in-memory instance; on PostgreSQL
 * (TEST_DATABASE_URL) it is `CREATE DATABASE … TEMPLATE` of a database migrated here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/connect.js';
import type { Database, Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { adminQuery, testDatabaseUrl } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (dumpDataDir, uncompressed tar). */
    pgliteSnapshotPath?: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server to clone with TEMPLATE. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDatabaseUrl) {
    const template = `latchkey_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${template}`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${template}`;
    // Closed before any file clones it: PostgreSQL refuses a template that has sessions.
    const handle = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    project.provide('postgresTemplate', template);
    return () => adminQuery(`drop database if exists ${template} with (force)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-test-snapshot-'));
  const client = await PGlite.create();
  const db: Db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    const path = join(dir, 'pglite.tar');
    // Uncompressed: loading skips a gunzip per file, and the tar is only read from local disk.
    writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteSnapshotPath', path);
  } finally {
    await db.destroy();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

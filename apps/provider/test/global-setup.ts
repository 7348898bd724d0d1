/**
 * Vitest global set-up of the provider project: migrates one database per run, which every test
 * file then clones (test-database.ts) instead of creating and migrating its own. On PGlite the
 * clone is a dumped data directory loaded into a new in-memory instance; on PostgreSQL
 * (TEST_DATABASE_URL) it is `CREATE DATABASE … TEMPLATE` of a database migrated here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/connect.js';
import type { Database, Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { pgliteTemplateFile } from '../src/db/pglite-data-dir.js';
import { dropClones } from './postgres-pool.js';
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
    return async () => {
      await dropClones(adminQuery, template);
      await adminQuery(`drop database if exists ${template} with (force)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-test-snapshot-'));
  const { client, db } = (await migratedFromTemplate()) ?? (await migrated(await PGlite.create()));
  try {
    const path = join(dir, 'pglite.tar');
    // Uncompressed: loading skips a gunzip per file, and the tar is only read from local disk.
    writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteSnapshotPath', path);
  } finally {
    await db.destroy();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** `client` with this checkout's migrations applied. */
async function migrated(client: PGlite): Promise<{ client: PGlite; db: Db }> {
  const db: Db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { client, db };
}

/**
 * The build's template (pglite-data-dir.ts) brought up to this checkout's migrations, which spares
 * the run initdb (about 7 s of CPU); undefined when there is none, or when one built from other
 * migrations does not take them (a renamed migration): initdb then.
 */
async function migratedFromTemplate(): Promise<{ client: PGlite; db: Db } | undefined> {
  const template = pgliteTemplateFile();
  if (template === undefined || !existsSync(template)) return undefined;
  try {
    return await migrated(await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) }));
  } catch {
    return undefined;
  }
}

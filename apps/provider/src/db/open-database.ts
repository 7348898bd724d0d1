/** @module open-database — connects as the config says and migrates to the latest schema. */
import { join } from 'node:path';
import type { ProviderConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';

/** An open, migrated database and the migrations applied just now. */
export interface OpenedDatabase extends DatabaseHandle {
  applied: string[];
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in `{dataDir}/pglite`; migrations run every time. */
export async function openDatabase(
  config: Pick<ProviderConfig, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
): Promise<OpenedDatabase> {
  const handle = await connectDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
  try {
    const applied = await migrateToLatest(handle.db);
    return { ...handle, applied };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

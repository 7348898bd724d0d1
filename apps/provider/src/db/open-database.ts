/** @module open-database — connects as the config says and migrates to the latest schema. */
import { join } from 'node:path';
import type { ProviderConfig } from '../config.js';
import type { OutageLogger } from './change-feed-outage-log.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';

/** An open, migrated database and the migrations applied just now. */
export interface OpenedDatabase extends DatabaseHandle {
  applied: string[];
}

type DatabaseSettings = Pick<
  ProviderConfig,
  'databaseUrl' | 'databaseDirectUrl' | 'databasePoolSize' | 'dataDir'
>;

/**
 * Migrates over the direct connection when the pool goes through a transaction-pooling proxy:
 * Kysely's migration lock is a session-level advisory lock, which a migration that fails (its
 * transaction rolled back, the unlock never run) would leave held on a server connection the
 * proxy hands to other clients. A connection of its own, closed after, releases it either way.
 */
async function migrate(handle: DatabaseHandle, config: DatabaseSettings): Promise<string[]> {
  const direct = config.databaseDirectUrl;
  if (handle.kind !== 'postgres' || direct === undefined || direct === config.databaseUrl)
    return migrateToLatest(handle.db);
  const session = await connectDatabase({ kind: 'postgres', url: direct, poolSize: 1 });
  try {
    return await migrateToLatest(session.db);
  } finally {
    await session.close();
  }
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in `{dataDir}/pglite`; migrations run every
 * time. `logger` hears when notifications stop arriving (PostgreSQL).
 */
export async function openDatabase(config: DatabaseSettings, logger?: OutageLogger): Promise<OpenedDatabase> {
  const handle = await connectDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          ...(config.databaseDirectUrl ? { directUrl: config.databaseDirectUrl } : {}),
          poolSize: config.databasePoolSize,
          ...(logger ? { logger } : {}),
        }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  );
  try {
    const applied = await migrate(handle, config);
    return { ...handle, applied };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

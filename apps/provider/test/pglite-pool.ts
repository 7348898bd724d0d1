/**
 * @module pglite-pool — the worker's in-memory PGlite test databases, emptied and handed to the
 * worker's next test file instead of being closed. Starting PGlite from the migrated snapshot costs
 * about a second of CPU, and a provider run opens some hundreds; emptying one costs a few statements.
 *
 * A database goes back to the pool only when it is as the snapshot left it but for its rows: the
 * same schema (tables, columns, functions, triggers, constraints, indexes, schemas), the same
 * migrations recorded, nobody listening on a channel (an unclosed change feed would hear the next
 * file's notifications), and no transaction open. Anything else, and it is closed as before.
 * The session is reset (`DISCARD ALL`: settings, prepared statements, advisory locks, temporary
 * tables) and every table but the migrator's truncated. A file gets a new Kysely instance over
 * it, and the one it closed refuses every further query, so a straggler of a finished file cannot
 * reach the next one's data.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, pgliteHandle } from '../src/db/connect.js';
import { shapeOf, truncateTestTables } from './database-shape.js';

/** How many files one instance serves before it is closed: WebAssembly memory only grows. */
const USES_PER_INSTANCE = 25;

const idle: PGlite[] = [];
const uses = new WeakMap<PGlite, number>();
/** The schema of a database fresh from the snapshot, read from the worker's first one. */
let snapshotShape: string | undefined;

/** A database from the pool, or a new one from `open` when none is idle. */
export async function takePooledPglite(open: () => Promise<PGlite>): Promise<DatabaseHandle> {
  let client = idle.pop();
  if (!client) {
    client = await open();
    snapshotShape ??= await shapeOf(client);
  }
  let returned = false;
  const pooled = client;
  return pgliteHandle(pooled, async () => {
    if (returned) return;
    returned = true;
    await giveBack(pooled);
  });
}

/**
 * Closes every idle instance, so the next take opens a new one with all its uses ahead: the pool's
 * own test needs an instance that is surely reused, which one near its last use is not.
 */
export async function closeIdlePglites(): Promise<void> {
  for (const client of idle.splice(0)) if (!client.closed) await client.close();
}

async function giveBack(client: PGlite): Promise<void> {
  const used = (uses.get(client) ?? 0) + 1;
  if (used >= USES_PER_INSTANCE || !(await emptied(client))) {
    if (!client.closed) await client.close();
    return;
  }
  uses.set(client, used);
  idle.push(client);
}

/** Empties `client` back to the snapshot; false when it cannot be (it is then not reused). */
async function emptied(client: PGlite): Promise<boolean> {
  try {
    if (client.closed) return false;
    const { rows } = await client.query<{ listening: number }>(
      'select count(*)::int as listening from pg_listening_channels()',
    );
    if (rows[0]?.listening !== 0) return false;
    // Fails inside an open transaction, which then leaves the instance out of the pool.
    await client.exec('discard all');
    if ((await shapeOf(client)) !== snapshotShape) return false;
    await truncateTestTables(client);
    return true;
  } catch {
    return false;
  }
}

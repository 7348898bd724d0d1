/**
 * @module postgres-pool — the worker's PostgreSQL test databases (the run on TEST_DATABASE_URL),
 * emptied when their file closed them and handed to the worker's next file instead of being
 * dropped. A new database costs the server a `CREATE DATABASE … TEMPLATE` and a `DROP DATABASE`
 * (about 0.1–0.2 s of its CPU a file here), and every connection to a database it has never
 * served builds that database's catalogue caches again; emptying one costs a few statements. The
 * PostgreSQL run of the provider's files: 324 → 281 CPU-s of the machine, 204 → 179 s (issue 18).
 *
 * As in pglite-pool.ts, a database goes back only when it is as the template left it but for its
 * rows (database-shape.ts), and only when no session is left on it (a second pool a test did not
 * close, a listener): anything else, and it is dropped as before. Sessions end with their
 * connections, so no setting, prepared statement, lock or temporary table can reach the next file.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { shapeOf, truncateTestTables } from './database-shape.js';

/** Runs a statement on the server's own database (create, drop, and look at sessions). */
export type AdminQuery = (sqlText: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** Emptied databases, by name, for the worker's next file. */
const idle: string[] = [];
/** The template's shape, read from the worker's first new database before any test used it. */
let templateShape: string | undefined;

/** How the clones of `template` are named: the run's teardown drops those left idle (dropClones). */
function clonePrefix(template: string): string {
  return `${template.replace(/^latchkey_template_/, 'latchkey_test_')}_`;
}

/**
 * A database for one test file: an idle one, or a new clone of `template`. Its `release` empties
 * it back into the pool, or drops it.
 */
export async function takePooledPostgres(
  admin: AdminQuery,
  urlOf: (name: string) => string,
  template: string,
): Promise<{ name: string; release: () => Promise<void> }> {
  const name = idle.pop() ?? (await newClone(admin, urlOf, template));
  let released = false;
  return {
    name,
    release: async () => {
      if (released) return;
      released = true;
      if (await emptied(admin, urlOf(name), name)) idle.push(name);
      else await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function newClone(
  admin: AdminQuery,
  urlOf: (name: string) => string,
  template: string,
): Promise<string> {
  const name = `${clonePrefix(template)}${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name} template ${template}`);
  templateShape ??= await withClient(urlOf(name), shapeOf);
  return name;
}

/** Drops every clone of `template` the workers left idle, once the run is over. */
export async function dropClones(admin: AdminQuery, template: string): Promise<void> {
  const rows = await admin('select datname from pg_database where starts_with(datname, $1)', [
    clonePrefix(template),
  ]);
  for (const { datname } of rows) await admin(`drop database if exists ${String(datname)} with (force)`);
}

/** Empties database `name` back to the template; false when it cannot be (it is then dropped). */
async function emptied(admin: AdminQuery, url: string, name: string): Promise<boolean> {
  try {
    if (!(await noSessionsOn(admin, name))) return false;
    return await withClient(url, async (client) => {
      if ((await shapeOf(client)) !== templateShape) return false;
      await truncateTestTables(client);
      return true;
    });
  } catch {
    return false;
  }
}

/**
 * Whether every session on `name` has ended. A backend leaves pg_stat_activity a moment after
 * its client hung up, so a closed pool's are given a short while; one still there is a session
 * a test left open.
 */
async function noSessionsOn(admin: AdminQuery, name: string): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [row] = await admin('select count(*)::int as sessions from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (row?.sessions === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

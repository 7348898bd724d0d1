/**
 * SECURITY J2/J3: a PostgreSQL connection cut while a request holds it (a database restart, a
 * failover) fails that request's statement; it must never take the whole process down.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SwitchableTcpProxy, startSwitchableTcpProxy } from '../../test/switchable-tcp-proxy.js';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../test/test-database.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';

describe.skipIf(!testDatabaseUrl)('a connection cut while checked out', () => {
  let database: TestDatabase;
  let proxy: SwitchableTcpProxy;
  let handle: DatabaseHandle;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url as string);
    proxy = await startSwitchableTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    handle = await connectDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    process.prependListener('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.removeListener('uncaughtException', onUncaught);
    await handle?.close();
    await proxy?.close();
    await database?.close();
  });

  it('rejects the transaction, raises nothing uncaught, and the pool recovers', async () => {
    const cutMidTransaction = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      proxy.down();
      // Let the socket's close reach the client while it is checked out and idle between statements.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sql`select 1`.execute(trx);
    });
    await expect(cutMidTransaction).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);

    proxy.up();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});

/**
 * @module migrate-to-postgres — `latchkey-provider migrate-to-postgres --from DATA_DIR --to URL`:
 * the PGlite database in DATA_DIR/pglite copied into the empty PostgreSQL database at URL and
 * verified table by table (db/copy-to-postgres.ts). The provider must be stopped: the data
 * directory's lock refuses a second opener.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectDatabase } from '../db/connect.js';
import { copyToPostgres } from '../db/copy-to-postgres.js';

export const MIGRATE_TO_POSTGRES_USAGE = `  latchkey-provider migrate-to-postgres --from DATA_DIR --to postgres://…
      Copy the PGlite database of DATA_DIR (LATCHKEY_DATA_DIR; stop the provider first) into the
      empty PostgreSQL database at the URL: the schema by the migrations, then every table's rows,
      verified by row count and checksum (printed per table). Keep LATCHKEY_KEY_ENCRYPTION_SECRET:
      sealed keys and secrets are copied sealed.`;

export class MigrateUsageError extends Error {}

/** Parses, copies and prints one JSON summary; progress lines go to stderr. */
export async function runMigrateToPostgres(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, to: { type: 'string' } },
  });
  if (!values.from || !values.to)
    throw new MigrateUsageError(`migrate-to-postgres needs --from and --to\n${MIGRATE_TO_POSTGRES_USAGE}`);
  if (!/^postgres(ql)?:\/\//.test(values.to))
    throw new MigrateUsageError('--to must be a postgres:// or postgresql:// URL');
  const source = await connectDatabase({ kind: 'pglite', dataDir: join(values.from, 'pglite') });
  try {
    const target = await connectDatabase({ kind: 'postgres', url: values.to, poolSize: 2 });
    try {
      const copies = await copyToPostgres(source.db, target.db, (copy) => {
        const same = copy.rows === copy.targetRows && copy.checksum === copy.targetChecksum;
        process.stderr.write(
          `${same ? 'ok  ' : 'DIFF'} ${copy.table.padEnd(28)} ${String(copy.rows).padStart(8)} rows  md5 ${copy.checksum}\n`,
        );
      });
      process.stdout.write(
        `${JSON.stringify(
          {
            tables: copies.map((c) => ({
              table: c.table,
              rows: c.rows,
              checksum: c.checksum,
              verified: true,
            })),
            total_rows: copies.reduce((sum, c) => sum + c.rows, 0),
          },
          null,
          2,
        )}\n`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

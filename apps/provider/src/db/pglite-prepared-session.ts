/**
 * @module pglite-prepared-session — PGlite statements as named prepared statements: each distinct
 * SQL text is parsed and described once per session, then every call is one Bind + Execute + Sync.
 * Issue 18: on PGlite, PostgreSQL's parse/analyse and PGlite's six protocol round trips per
 * `query()` were about half of a statement's cost on the password-login path.
 */
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { PgliteSession } from './pglite-dialect.js';

const { serialize } = protocol;

/** Prepared statements kept per session; the least recently used is closed beyond it (Kysely's `in (…)` lists make many texts). */
export const PREPARED_STATEMENT_LIMIT = 256;

/**
 * Statements worth preparing: the data statements the application repeats, and the transaction
 * boundaries around them (through PGlite's query() a BEGIN or COMMIT cost as much as a login's
 * insert; PostgreSQL accepts a prepared COMMIT or ROLLBACK in an aborted transaction).
 */
const PREPARED_STATEMENT =
  /^\s*(?:select|insert|update|delete|with|begin|commit|rollback|start\s+transaction)\b/i;
/** Statements that change no table shape, run as PGlite runs them. */
const SESSION_STATEMENT =
  /^\s*(?:end|savepoint|release|set|reset|show|listen|unlisten|notify|lock|values|explain)\b/i;

/** A result column: its name and PGlite's parser of its type (none: the text as sent). */
interface Column {
  name: string;
  dataTypeID: number;
  parser: ((text: string, typeId: number) => unknown) | undefined;
}

interface PreparedStatement {
  name: string;
  /** The parameter type oids PostgreSQL inferred, for PGlite's value serialisers. */
  parameterTypes: number[];
  /** From its RowDescription, read once, so a call needs no Describe of its portal. */
  columns: Column[];
}

interface RowDescription {
  name: 'rowDescription';
  fields: Array<{ name: string; dataTypeID: number }>;
}
interface DataRow {
  name: 'dataRow';
  fields: Array<string | null>;
}
interface CommandComplete {
  name: 'commandComplete';
  text: string;
}

/** The row count of a CommandComplete tag, as PGlite reads it ("INSERT 0 3", "UPDATE 2", …). */
function affectedRowsOf(tag: string): number {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second ?? '0', 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE')
    return Number.parseInt(first ?? '0', 10);
  return 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The session the dialect uses over `client`: data statements prepared once, everything else through `client.query`. */
export function createPreparedPgliteSession(client: PGlite): PgliteSession {
  // Map order is recency: a hit moves its entry to the end, eviction takes the first.
  const prepared = new Map<string, PreparedStatement>();
  let counter = 0;

  /** Closes every prepared statement: a DDL statement may change what a `select *` returns. */
  const forgetAll = async () => {
    if (prepared.size === 0) return;
    const closes = [...prepared.values()].map(({ name }) => serialize.close({ type: 'S', name }));
    prepared.clear();
    await client.execProtocol(concat([...closes, serialize.sync()]));
  };

  const prepare = async (sql: string): Promise<PreparedStatement> => {
    const name = `latchkey_${++counter}`;
    const parts: Uint8Array[] = [];
    if (prepared.size >= PREPARED_STATEMENT_LIMIT) {
      const [oldestSql, oldest] = prepared.entries().next().value as [string, PreparedStatement];
      prepared.delete(oldestSql);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    parts.push(
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const { messages } = await client.execProtocol(concat(parts));
    const description = messages.find((message) => message.name === 'rowDescription') as
      | RowDescription
      | undefined;
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: (description?.fields ?? []).map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
        parser: client.parsers[dataTypeID],
      })),
    };
    prepared.set(sql, statement);
    return statement;
  };

  const run = async (sql: string, params: unknown[]) => {
    let statement = prepared.get(sql);
    if (statement) {
      prepared.delete(sql);
      prepared.set(sql, statement);
    } else statement = await prepare(sql);
    const { parameterTypes, columns } = statement;
    // As PGlite's own query() serialises values: by the type PostgreSQL inferred.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[parameterTypes[i] as number];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    // PGlite's parseResults copies its whole parser table (over 300 entries) per call; the
    // columns' parsers are looked up once, at prepare time, instead.
    const rows: Record<string, unknown>[] = [];
    let affectedRows = 0;
    for (const message of messages as unknown as Array<DataRow | CommandComplete | { name: string }>) {
      if (message.name === 'dataRow') {
        const values = (message as DataRow).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < columns.length; i++) {
          const column = columns[i] as Column;
          const text = values[i] ?? null;
          row[column.name] = text === null || !column.parser ? text : column.parser(text, column.dataTypeID);
        }
        rows.push(row);
      } else if (message.name === 'commandComplete')
        affectedRows += affectedRowsOf((message as CommandComplete).text);
    }
    return { rows, affectedRows };
  };

  return {
    query(sql, params) {
      if (PREPARED_STATEMENT.test(sql))
        return client._runExclusiveQuery(async () => {
          try {
            return await run(sql, params);
          } catch (error) {
            // As PGlite's query() reports a failed statement.
            if (error instanceof Error) Object.assign(error, { query: sql, params });
            throw error;
          }
        });
      if (SESSION_STATEMENT.test(sql)) return client.query(sql, params);
      return client._runExclusiveQuery(forgetAll).then(() => client.query(sql, params));
    },
    close: () => client.close(),
  };
}

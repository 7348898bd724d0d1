/**
 * A Kysely plugin that fails chosen statements the way PostgreSQL does under contention: after
 * the statement ran, its result is replaced by a serialization failure (40001) or a deadlock
 * (40P01), so the surrounding transaction rolls back exactly as it would for real.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** The SQLSTATEs PostgreSQL uses to ask for a retry. */
export type TransientCode = '40001' | '40P01';

/** A plugin with a trigger: `failNext(n, table)` fails the next n inserts into `table`. */
export interface TransientFaults extends KyselyPlugin {
  failNext(times: number, insertInto: string, code?: TransientCode): void;
  /** Faults armed but not yet raised. */
  readonly pending: number;
}

/** `insert into "table"` at the start of a raw statement's text (a compiledStatement's). */
const RAW_INSERT = /^\s*insert\s+into\s+"([^"]+)"/i;

function insertedTable(node: RootOperationNode): string | undefined {
  if (node.kind === 'InsertQueryNode') return node.into?.table.identifier.name;
  // Statements compiled once (db/compiled-statement.ts) reach plugins as raw SQL.
  if (node.kind === 'RawNode') return RAW_INSERT.exec(node.sqlFragments[0] ?? '')?.[1];
  return undefined;
}

/** Creates the plugin; use with `db.withPlugin(faults)`. */
export function createTransientFaults(): TransientFaults {
  let remaining = 0;
  let table = '';
  let code: TransientCode = '40001';
  const targets = new WeakMap<object, string>();
  return {
    get pending() {
      return remaining;
    },
    failNext(times, insertInto, sqlState = '40001') {
      remaining = times;
      table = insertInto;
      code = sqlState;
    },
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const target = insertedTable(node);
      if (target) targets.set(queryId, target);
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (remaining > 0 && targets.get(queryId) === table) {
        remaining -= 1;
        const message =
          code === '40001' ? 'could not serialize access due to concurrent update' : 'deadlock detected';
        throw Object.assign(new Error(message), { code, severity: 'ERROR' });
      }
      return result;
    },
  };
}

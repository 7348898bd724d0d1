// Types of scripts/pgbouncer.mjs for the TypeScript tests that run the provider through PgBouncer.

/** A throwaway PgBouncer on loopback in transaction pooling mode. */
export interface TestPgbouncer {
  port: number;
  /** A client URL for `database` (default: the server URL's) through the bouncer. */
  url(database?: string): string;
  /** Stops pgbouncer and removes its files. */
  stop(): Promise<void>;
}

/**
 * Starts pgbouncer (`pool_mode = transaction`, `poolSize` server connections per database, default 3) in front of `serverUrl`.
 * `ignoreStartupParameters`: accepted and dropped besides extra_float_digits (e.g. statement_timeout).
 */
export function startTestPgbouncer(
  serverUrl: string,
  options?: { poolSize?: number; ignoreStartupParameters?: string[] },
): Promise<TestPgbouncer>;

// Types of scripts/postgres.mjs for the TypeScript tests that start a cluster of their own.

/** A throwaway PostgreSQL cluster on loopback. */
export interface TestPostgres {
  /** `postgres://latchkey@127.0.0.1:{port}/postgres` (trust authentication). */
  url: string;
  /** Stops the server and keeps its data, as a database restart or outage does. */
  stopServer(): void;
  /** Starts it again on the same port and data; returns once it accepts connections. */
  startServer(): void;
  /** Stops the server and removes its files. */
  stop(): void;
}

/** Starts a cluster in a temporary directory. */
export function startTestPostgres(): Promise<TestPostgres>;

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number>;

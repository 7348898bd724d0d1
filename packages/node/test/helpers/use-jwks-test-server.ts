/** @module test/helpers/use-jwks-test-server — the JWT tests' shared set-up: a test server publishing a project's JWKS. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { LatchkeyServerClientOptions } from '../../src/options.js';
import { type HttpTestServer, startHttpTestServer } from './http-test-server.js';
import { projectJwks } from './project-jwks.js';
import { givenSigningKey, type TestSigningKey } from './session-jwt-factory.js';

/**
 * Starts one HTTP test server for the file (closed after it, its request log cleared after each
 * test) and one signing key, `currentKey`. `givenClient` publishes `keys` at the project's JWKS
 * path and returns a server client on `now`'s clock; `jwksFetches` counts the JWKS requests.
 */
export function useJwksTestServer(projectId: string, now: () => Date) {
  const jwks = projectJwks(projectId, now);
  let server: HttpTestServer | undefined;
  let currentKey: TestSigningKey | undefined;
  beforeAll(async () => {
    server = await startHttpTestServer();
    currentKey = await givenSigningKey('key-1');
  });
  afterAll(() => server?.close());
  afterEach(() => {
    if (server) server.requests.length = 0;
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useJwksTestServer: read after its beforeAll only');
    return value;
  };
  return {
    jwks,
    get server(): HttpTestServer {
      return started(server);
    },
    get currentKey(): TestSigningKey {
      return started(currentKey);
    },
    givenClient: (keys: TestSigningKey[], options: Partial<LatchkeyServerClientOptions> = {}) =>
      jwks.client(started(server), keys, options),
    jwksFetches: (): number => jwks.fetches(started(server)),
  };
}

/** @module test/helpers/project-jwks — a project's JWKS on a test server, and server clients that read it. */
import { createLatchkeyServerClient } from '../../src/create-server-client.js';
import type { LatchkeyServerClientOptions } from '../../src/options.js';
import { type HttpTestServer, sendJson } from './http-test-server.js';
import type { TestSigningKey } from './session-jwt-factory.js';

/**
 * The JWKS of `projectId` as its provider serves it. `client` makes the test server publish `keys`
 * (anything else is a 404) and returns a server client on `now`'s clock; `publish` swaps the keys
 * later, as a rotation or revocation would; `fetches` counts the JWKS requests the server has seen.
 */
export function projectJwks(projectId: string, now: () => Date) {
  const path = `/v1/sessions/jwks/${projectId}`;
  let published: TestSigningKey[] = [];
  return {
    path,
    publish(keys: TestSigningKey[]): void {
      published = keys;
    },
    client(
      server: HttpTestServer,
      keys: TestSigningKey[],
      options: Partial<LatchkeyServerClientOptions> = {},
    ) {
      published = keys;
      server.handle = (request, response) => {
        if (request.method === 'GET' && request.path === path) {
          sendJson(response, 200, { keys: published.map((key) => key.publicJwk) });
        } else {
          sendJson(response, 404, { error_type: 'not_found' });
        }
      };
      return createLatchkeyServerClient({ providerUrl: server.url, projectId, clock: { now }, ...options });
    },
    fetches: (server: HttpTestServer): number =>
      server.requests.filter((request) => request.path === path).length,
  };
}

/** @module latchkey-options — where @latchkey/nextjs finds its provider, project and secret, and the one server client per project. */

import { createLatchkeyServerClient, type LatchkeyServerClient } from '@latchkey/node/edge';

/**
 * The project @latchkey/nextjs acts for. Each option falls back to an environment variable, so an
 * app usually passes none: `LATCHKEY_PROVIDER_URL`, `LATCHKEY_PROJECT_ID`, `LATCHKEY_SECRET`.
 */
export interface LatchkeyNextOptions {
  /** Provider origin, e.g. `http://localhost:4000` (env `LATCHKEY_PROVIDER_URL`). */
  providerUrl?: string;
  /** The project id: the JWT audience and the server API's user (env `LATCHKEY_PROJECT_ID`). */
  projectId?: string;
  /** The project secret, for the server API (env `LATCHKEY_SECRET`). Server-only: never `NEXT_PUBLIC_`. */
  secret?: string;
  /** Replaces `globalThis.fetch` (tests). */
  fetch?: typeof fetch;
  /** Replaces the system clock for the JWT's time checks (tests). */
  clock?: { now(): Date };
}

// Edge and Node both keep module state between requests: one client per project keeps the JWKS
// and the verified-token caches warm instead of fetching the key set on every request.
const clients = new Map<string, LatchkeyServerClient>();

/**
 * The server client for these options (env filling the gaps), made once per provider, project
 * and secret. Throws `invalid_argument` naming what is missing.
 */
export function latchkeyServerClient(options: LatchkeyNextOptions = {}): LatchkeyServerClient {
  const providerUrl = options.providerUrl ?? process.env.LATCHKEY_PROVIDER_URL ?? '';
  const projectId = options.projectId ?? process.env.LATCHKEY_PROJECT_ID ?? '';
  const secret = options.secret ?? process.env.LATCHKEY_SECRET;
  // Injected edges are per test: such a client is never shared.
  if (options.fetch !== undefined || options.clock !== undefined) {
    return createLatchkeyServerClient({
      providerUrl,
      projectId,
      secret,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
  }
  const key = JSON.stringify([providerUrl, projectId, secret ?? null]);
  let client = clients.get(key);
  if (client === undefined) {
    client = createLatchkeyServerClient({ providerUrl, projectId, secret });
    clients.set(key, client);
  }
  return client;
}

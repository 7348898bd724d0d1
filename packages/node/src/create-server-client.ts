/** @module create-server-client — builds the Node server client from its options; holds no logic of its own. */

import { checkJwsSignature } from './internal/check-jws-signature.js';
import {
  type LatchkeyServerClientOptions,
  type ResolvedServerClientOptions,
  resolveServerClientOptions,
} from './options.js';
import { type LatchkeyServerClient, serverClientWith } from './server-client.js';

export type { LatchkeyServerClient } from './server-client.js';

/**
 * Creates a server client for one project. Create it once per process: it owns the JWKS cache
 * and the verified-token cache.
 * Throws `invalid_argument` for malformed options.
 *
 * @example
 * const latchkey = createLatchkeyServerClient({ providerUrl, projectId, secret });
 * const result = await latchkey.verifySessionJwt(request.cookies.stytch_session_jwt);
 * if (!result.ok) return reply.code(401).send({ error: result.error.code });
 */
export function createLatchkeyServerClient(options: LatchkeyServerClientOptions): LatchkeyServerClient {
  return serverClientOf(resolveServerClientOptions(options));
}

/** The server client over options already resolved (the operator client's `forProject` sets its credential). */
export function serverClientOf(resolved: ResolvedServerClientOptions): LatchkeyServerClient {
  // Node checks signatures with OpenSSL, several times faster per call than WebCrypto.
  return serverClientWith(resolved, checkJwsSignature);
}

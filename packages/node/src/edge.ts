/**
 * @module @latchkey/node/edge — the server client for edge runtimes (Next.js middleware, Cloudflare
 * Workers, Deno): the same client, with JWT signatures checked over WebCrypto. Nothing on this path
 * imports a `node:` module or uses `Buffer` (a test walks its import graph).
 */

import { checkJwsSignatureWebCrypto } from './internal/check-jws-signature-webcrypto.js';
import { type LatchkeyServerClientOptions, resolveServerClientOptions } from './options.js';
import { type LatchkeyServerClient, serverClientWith } from './server-client.js';

export type {
  AuthenticateSessionOptions,
  AuthenticateSessionResult,
} from './authenticate-session.js';
export {
  isLatchkeyServerError,
  type KnownServerErrorCode,
  LatchkeyServerError,
  type LatchkeyServerErrorCode,
} from './errors.js';
export type { Clock, LatchkeyServerClientOptions } from './options.js';
export type { LatchkeyServerClient } from './server-client.js';
export { type AuthenticationFactor, SESSION_CLAIM, type Session, type SessionJwtClaims } from './session.js';
export type { User } from './user.js';
export type {
  VerifiedSessionJwt,
  VerifySessionJwtOptions,
  VerifySessionJwtResult,
} from './verify-session-jwt.js';

/**
 * Creates a server client for one project on an edge runtime: `@latchkey/node`'s client, with
 * JWT signatures checked by WebCrypto instead of node:crypto. Throws `invalid_argument` for
 * malformed options.
 */
export function createLatchkeyServerClient(options: LatchkeyServerClientOptions): LatchkeyServerClient {
  return serverClientWith(resolveServerClientOptions(options), checkJwsSignatureWebCrypto);
}

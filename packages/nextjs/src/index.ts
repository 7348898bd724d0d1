/**
 * @module @latchkey/nextjs — Latchkey for Next.js (App Router): middleware that protects routes,
 * `auth()` and `currentUser()` for server components and route handlers, and a route handler that
 * redeems magic-link and OAuth tokens on the server. Runs on the edge runtime and on Node.
 */

export type { Session, SessionJwtClaims, User } from '@latchkey/node/edge';
export { auth, type LatchkeyAuth } from './auth.js';
export { currentUser } from './current-user.js';
export { handleLatchkeyCallback, type LatchkeyCallbackOptions } from './latchkey-callback.js';
export {
  type LatchkeyMiddlewareOptions,
  latchkeyMiddleware,
  RETURN_TO_PARAMETER,
} from './latchkey-middleware.js';
export type { LatchkeyNextOptions } from './latchkey-options.js';
export type { RouteMatcher } from './route-matcher.js';
export { SESSION_JWT_COOKIE, SESSION_TOKEN_COOKIE } from './session-cookies.js';

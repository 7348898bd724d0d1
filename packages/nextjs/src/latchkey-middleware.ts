/**
 * @module latchkey-middleware — Next.js middleware (`middleware.ts` on the edge runtime, or
 * `proxy.ts` on Node) that keeps the session cookies fresh and keeps signed-out visitors off
 * protected routes.
 */

import { type NextRequest, NextResponse } from 'next/server.js';
import { type LatchkeyNextOptions, latchkeyServerClient } from './latchkey-options.js';
import { resolveSession } from './resolve-session.js';
import { matchesAnyRoute, type RouteMatcher } from './route-matcher.js';
import {
  clearedSessionCookies,
  SESSION_JWT_COOKIE,
  SESSION_TOKEN_COOKIE,
  type SessionCookie,
  sessionCookies,
} from './session-cookies.js';

/** Options of {@link latchkeyMiddleware}. */
export interface LatchkeyMiddlewareOptions extends LatchkeyNextOptions {
  /** Routes that need a session (see {@link RouteMatcher}). Default: none, the cookies are only kept fresh. */
  protect?: readonly RouteMatcher[];
  /** Where a signed-out visitor of a protected page goes, with `return_to` = the page. Default `/sign-in`. */
  signInUrl?: string;
  /** Protected routes answered with 401 JSON instead of a redirect. Default: paths under `/api/`. */
  isApiRoute?(pathname: string): boolean;
}

/** The query parameter that carries the protected page a visitor was sent away from. */
export const RETURN_TO_PARAMETER = 'return_to';

/**
 * Returns the middleware. On every request it runs for:
 * - a session JWT cookie that verifies locally (JWKS, no other network) lets the request through;
 * - an expired (or missing) JWT with a session token is refreshed through the server API; the new
 *   cookies go to the browser and to the server components of this same request;
 * - a session the provider says is over has its cookies cleared;
 * - a signed-out request for a protected route is redirected to `signInUrl` (an API route gets
 *   401 `{ error_type: "session_not_found" }`).
 *
 * @example
 * // proxy.ts (Next.js 16) or middleware.ts
 * export default latchkeyMiddleware({ protect: ['/dashboard'] });
 * export const config = { matcher: ['/((?!_next/|favicon.ico).*)'] };
 */
export function latchkeyMiddleware(
  options: LatchkeyMiddlewareOptions = {},
): (request: NextRequest) => Promise<NextResponse> {
  const protect = options.protect ?? [];
  const signInUrl = options.signInUrl ?? '/sign-in';
  const isApiRoute = options.isApiRoute ?? ((pathname: string) => pathname.startsWith('/api/'));
  return async (request) => {
    const { pathname } = request.nextUrl;
    const sessionJwt = request.cookies.get(SESSION_JWT_COOKIE)?.value;
    const sessionToken = request.cookies.get(SESSION_TOKEN_COOKIE)?.value;
    const isProtected = matchesAnyRoute(pathname, protect) && !matchesAnyRoute(pathname, [signInUrl]);
    if (!sessionJwt && !sessionToken)
      return isProtected ? refuse(request, signInUrl, isApiRoute) : NextResponse.next();

    const resolved = await resolveSession(latchkeyServerClient(options), { sessionJwt, sessionToken });
    if (resolved.signedIn && resolved.refreshed === undefined) return NextResponse.next();
    const url = new URL(request.url);
    if (resolved.signedIn) {
      const fresh = sessionCookies(resolved.refreshed.tokens, url);
      // The page rendered for this request reads the new JWT, not the expired one it came with.
      for (const cookie of fresh) request.cookies.set(cookie.name, cookie.value);
      return withCookies(NextResponse.next({ request: { headers: request.headers } }), fresh);
    }
    if (resolved.endCookies) {
      for (const name of [SESSION_JWT_COOKIE, SESSION_TOKEN_COOKIE]) request.cookies.delete(name);
    }
    const response = isProtected
      ? refuse(request, signInUrl, isApiRoute)
      : NextResponse.next({ request: { headers: request.headers } });
    return resolved.endCookies ? withCookies(response, clearedSessionCookies(url)) : response;
  };
}

/** The answer to a signed-out request for a protected route. */
function refuse(
  request: NextRequest,
  signInUrl: string,
  isApiRoute: (pathname: string) => boolean,
): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (isApiRoute(pathname)) {
    return NextResponse.json(
      { status_code: 401, error_type: 'session_not_found', error_message: 'Sign in to use this route.' },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
  }
  const target = new URL(signInUrl, request.url);
  target.searchParams.set(RETURN_TO_PARAMETER, `${pathname}${search}`);
  return NextResponse.redirect(target, { status: 307, headers: { 'cache-control': 'no-store' } });
}

function withCookies(response: NextResponse, cookies: SessionCookie[]): NextResponse {
  for (const cookie of cookies) response.cookies.set(cookie);
  return response;
}

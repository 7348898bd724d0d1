/**
 * @module latchkey-callback — a route handler that redeems magic-link and OAuth tokens on the
 * server (`/api/latchkey/callback?stytch_token_type=…&token=…`), sets the session cookies and
 * redirects into the app.
 */

import { isLatchkeyServerError } from '@latchkey/node/edge';
import { NextResponse } from 'next/server.js';
import { RETURN_TO_PARAMETER } from './latchkey-middleware.js';
import { type LatchkeyNextOptions, latchkeyServerClient } from './latchkey-options.js';
import { sessionCookies } from './session-cookies.js';

/** Options of {@link handleLatchkeyCallback}. */
export interface LatchkeyCallbackOptions extends LatchkeyNextOptions {
  /** Where a signed-in visitor lands. Default `/`. */
  afterSignInUrl?: string;
  /**
   * Paths a `return_to` query parameter may name, compared whole and exactly (no prefix, no
   * query, no other host: SECURITY.md C1/C2). Anything else lands on `afterSignInUrl`.
   */
  allowedReturnPaths?: readonly string[];
  /** Where a refused token lands, with `latchkey_error` = the provider's `error_type`. Default `/sign-in`. */
  signInUrl?: string;
  /** Length of the new session. Default 60 minutes. */
  sessionDurationMinutes?: number;
}

const DEFAULT_SESSION_DURATION_MINUTES = 60;

/**
 * Returns a `GET` route handler. Put it at `app/api/latchkey/callback/route.ts` and make that URL
 * the widget's magic-link and OAuth redirect:
 *
 * @example
 * export const GET = handleLatchkeyCallback({ afterSignInUrl: '/dashboard' });
 */
export function handleLatchkeyCallback(
  options: LatchkeyCallbackOptions = {},
): (request: Request) => Promise<NextResponse> {
  const afterSignInUrl = options.afterSignInUrl ?? '/';
  const signInUrl = options.signInUrl ?? '/sign-in';
  const allowedReturnPaths = options.allowedReturnPaths ?? [];
  const sessionDuration = options.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;
  return async (request) => {
    const url = new URL(request.url);
    const tokenType = url.searchParams.get('stytch_token_type');
    const token = url.searchParams.get('token') ?? '';
    const returnTo = url.searchParams.get(RETURN_TO_PARAMETER);
    const landing = returnTo !== null && allowedReturnPaths.includes(returnTo) ? returnTo : afterSignInUrl;
    if ((tokenType !== 'magic_links' && tokenType !== 'oauth') || token === '') {
      return redirect(new URL(signInUrl, url), 'invalid_token_type');
    }
    const client = latchkeyServerClient(options);
    const request_ = { session_duration_minutes: sessionDuration };
    try {
      const answer =
        tokenType === 'oauth'
          ? await client.oauth.authenticate(token, request_)
          : await client.magicLinks.authenticate(token, request_);
      const response = redirect(new URL(landing, url));
      const tokens = { ...answer, expires_at: answer.session.expires_at };
      for (const cookie of sessionCookies(tokens, url)) response.cookies.set(cookie);
      return response;
    } catch (error) {
      const code = isLatchkeyServerError(error) ? error.code : 'network_unreachable';
      return redirect(new URL(signInUrl, url), code);
    }
  };
}

/**
 * A 303 to `target`, with the headers a URL that carried a single-use token needs: not cached,
 * and no `Referer` naming the token on the next page's requests.
 */
function redirect(target: URL, errorCode?: string): NextResponse {
  if (errorCode !== undefined) target.searchParams.set('latchkey_error', errorCode);
  return NextResponse.redirect(target, {
    status: 303,
    headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

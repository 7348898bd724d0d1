/**
 * @module oauth-state-cookie — the cookie that ties a callback to the browser that started the
 * flow (SECURITY I3, RFC 9700 §4.7): `lk_oauth_{16 hex of sha256(state)}={state}`.
 */
import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/hash.js';
import { STATE_COOKIE_MAX_AGE_SECONDS } from './oauth-policy.js';

/** Only the callback (and the start that sets it) ever sees the cookie. */
export const STATE_COOKIE_PATH = '/v1/public/oauth';

/** One cookie per flow, so two tabs signing in at once do not overwrite each other's state. */
export function stateCookieName(state: string): string {
  return `lk_oauth_${createHash('sha256').update(state).digest('hex').slice(0, 16)}`;
}

/**
 * `Set-Cookie` for a new flow. Lax is enough for a redirect back (a top-level GET); Apple's
 * form_post is a cross-site POST, which only carries `SameSite=None; Secure` cookies, and that
 * needs https, so an https provider uses it.
 */
export function stateCookie(state: string, secure: boolean): string {
  const sameSite = secure ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${stateCookieName(state)}=${state}; Path=${STATE_COOKIE_PATH}; HttpOnly; Max-Age=${STATE_COOKIE_MAX_AGE_SECONDS}; ${sameSite}`;
}

/** `Set-Cookie` that removes the flow's cookie once the callback has used the state. */
export function clearedStateCookie(state: string, secure: boolean): string {
  const sameSite = secure ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${stateCookieName(state)}=; Path=${STATE_COOKIE_PATH}; HttpOnly; Max-Age=0; ${sameSite}`;
}

/** Whether the request's `Cookie` header carries this state's cookie with this very state. */
export function hasStateCookie(cookieHeader: string | undefined, state: string): boolean {
  if (!cookieHeader) return false;
  const name = stateCookieName(state);
  return cookieHeader.split(';').some((pair) => {
    const at = pair.indexOf('=');
    return (
      at !== -1 && pair.slice(0, at).trim() === name && constantTimeEqual(pair.slice(at + 1).trim(), state)
    );
  });
}

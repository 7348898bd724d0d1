/**
 * @module session-cookies — the browser SDK's two session cookies, written and cleared by the server
 * exactly as the SDK writes them (wire/client-state.md "Cookies"), so the page's client and the
 * server read one session.
 */

/** The opaque `session_token` (wire name; the SDK reads it back for every call). */
export const SESSION_TOKEN_COOKIE = 'stytch_session';
/** The `session_jwt`, verified locally by the middleware and `auth()`. */
export const SESSION_JWT_COOKIE = 'stytch_session_jwt';

/** A cookie as Next's `ResponseCookies.set` takes it. */
export interface SessionCookie {
  name: string;
  value: string;
  path: '/';
  expires: Date;
  sameSite: 'lax';
  secure: boolean;
  httpOnly: false;
}

/** The tokens an authenticate answer carries, and when the session ends. */
export interface SessionTokens {
  session_token: string;
  session_jwt: string;
  expires_at: string;
}

/**
 * Both cookies for a fresh authenticate answer, with the SDK's attributes: `Path=/`, `Expires` =
 * the session's `expires_at`, `SameSite=Lax`, `Secure` except on a loopback host, and never
 * `HttpOnly` — the browser SDK reads and rewrites them from page JavaScript.
 */
export function sessionCookies(tokens: SessionTokens, requestUrl: URL): SessionCookie[] {
  const attributes = {
    path: '/',
    expires: new Date(tokens.expires_at),
    sameSite: 'lax',
    secure: !isLoopbackHost(requestUrl.hostname),
    httpOnly: false,
  } as const;
  return [
    { name: SESSION_TOKEN_COOKIE, value: tokens.session_token, ...attributes },
    { name: SESSION_JWT_COOKIE, value: tokens.session_jwt, ...attributes },
  ];
}

/** Both cookies expired (`Expires` in 1970) at the path the SDK writes them. */
export function clearedSessionCookies(requestUrl: URL): SessionCookie[] {
  return sessionCookies(
    { session_token: '', session_jwt: '', expires_at: new Date(0).toISOString() },
    requestUrl,
  );
}

/** The hosts on which the SDK leaves out `Secure`: `localhost`, `[::1]` and `127.x.x.x`. */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** @module request — per-request helpers of loaders and actions. */
import type { AppLoadContext } from 'react-router';
import type { AppContext } from './context.js';
import type { UserRow } from './db/database.js';
import { readCookie, SESSION_COOKIE, userOfSession } from './site-sessions.js';

/** The site's services from the load context. */
export function appOf(context: AppLoadContext): AppContext {
  return context.clickwise;
}

/** The signed-in user, or null for a visitor (missing, forged, revoked or expired cookie). */
export function currentUser(request: Request, context: AppLoadContext): Promise<UserRow | null> {
  const app = appOf(context);
  return userOfSession(app.db, app.clock, readCookie(request.headers.get('cookie'), SESSION_COOKIE));
}

/** Whether the request came over HTTPS (cookies get Secure then). */
export function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** The try-it-out script marks its posts; a plain form post (JavaScript off) does not. */
export function isXhr(request: Request): boolean {
  return request.headers.get('x-requested-with') === 'XMLHttpRequest';
}

/**
 * Refuses a state-changing request from another origin. SameSite=Lax already keeps the session
 * cookie off cross-site posts; this also covers same-site subdomains and cookie-less posts.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin) {
    throw new Response('Cross-origin form posts are refused.', { status: 403 });
  }
}

/** A positive integer route parameter, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** Throws the 404 page. */
export function notFound(): never {
  throw new Response('Not found', { status: 404 });
}

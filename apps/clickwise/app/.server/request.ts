/** @module request — per-request helpers of loaders and actions. */
import type { AppLoadContext } from 'react-router';
import type { AppContext } from './context.js';
import type { UserRow } from './db/database.js';
import { readCookie, type SessionCookie, sessionCookieFor, userOfSession } from './site-sessions.js';

/** The site's services from the load context. */
export function appOf(context: AppLoadContext): AppContext {
  return context.clickwise;
}

/** The session cookie of this site (its name and Secure follow CLICKWISE_PUBLIC_URL). */
export function sessionCookieOf(context: AppLoadContext): SessionCookie {
  return sessionCookieFor(appOf(context).config.publicOrigin);
}

/** The session token the request carries, under this site's cookie name only. */
export function sessionTokenOf(request: Request, context: AppLoadContext): string | undefined {
  return readCookie(request.headers.get('cookie'), sessionCookieOf(context).name);
}

/** The signed-in user, or null for a visitor (missing, forged, revoked or expired cookie). */
export function currentUser(request: Request, context: AppLoadContext): Promise<UserRow | null> {
  const app = appOf(context);
  return userOfSession(app.db, app.clock, sessionTokenOf(request, context));
}

/** The try-it-out script marks its posts; a plain form post (JavaScript off) does not. */
export function isXhr(request: Request): boolean {
  return request.headers.get('x-requested-with') === 'XMLHttpRequest';
}

/**
 * Refuses a state-changing request from another origin than the site's public one. SameSite=Lax
 * already keeps the session cookie off cross-site posts; this also covers same-site subdomains
 * and cookie-less posts. A browser sends Origin with every post, so a post it marked cross-site
 * (Sec-Fetch-Site) without one is refused too.
 */
export function assertSameOrigin(request: Request, context: AppLoadContext): void {
  const origin = request.headers.get('origin');
  const crossSite = request.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site';
  if (origin === null ? crossSite : origin !== appOf(context).config.publicOrigin) {
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

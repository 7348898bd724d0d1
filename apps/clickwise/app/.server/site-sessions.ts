/** @module site-sessions — Clickwise's own session: an opaque random cookie, its hash in the table. */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Db, UserRow } from './db/database.js';

/** The session cookie's name and whether it is Secure, which follow from the site's public origin. */
export interface SessionCookie {
  name: '__Host-clickwise_session' | 'clickwise_session';
  secure: boolean;
}

/**
 * `__Host-clickwise_session` with Secure when the site is public over https: the prefix makes
 * the browser refuse the cookie unless it is Secure, has Path=/ and no Domain, so neither a
 * sibling subdomain nor a plain-http page can plant or overwrite it (RFC 6265bis §4.1.3.2,
 * SECURITY D6). Browsers refuse a `__Host-` cookie without Secure, so over plain http
 * (development) it is `clickwise_session` without Secure.
 */
export function sessionCookieFor(publicOrigin: string): SessionCookie {
  return new URL(publicOrigin).protocol === 'https:'
    ? { name: '__Host-clickwise_session', secure: true }
    : { name: 'clickwise_session', secure: false };
}

/** A cookie token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Starts a session for `userId` until `expiresAt`; returns the cookie token. */
export async function createSiteSession(
  db: Db,
  clock: Clock,
  input: { userId: number; latchkeySessionId: string; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hash(token),
      user_id: input.userId,
      latchkey_session_id: input.latchkeySessionId,
      created_at: clock.now(),
      expires_at: input.expiresAt,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The user of a live session, or null for a missing, malformed, unknown (forged), revoked or
 * expired token. Only the hash is looked up, so the table never holds a usable token.
 */
export async function userOfSession(
  db: Db,
  clock: Clock,
  token: string | undefined,
): Promise<UserRow | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', hash(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', clock.now())
    .executeTakeFirst();
  return row ?? null;
}

/** Ends a session (sign out); unknown tokens are ignored. */
export async function revokeSiteSession(db: Db, clock: Clock, token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now() })
    .where('token_hash', '=', hash(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The Set-Cookie value: HttpOnly, SameSite=Lax, Path=/, no Domain; Secure over https. */
export function sessionCookie(cookie: SessionCookie, token: string, expiresAt: Date): string {
  return [
    `${cookie.name}=${token}`,
    'Path=/',
    `Expires=${expiresAt.toUTCString()}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(cookie.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie value that removes the session cookie (same name and attributes, past expiry). */
export function clearedSessionCookie(cookie: SessionCookie): string {
  return sessionCookie(cookie, '', new Date(0));
}

// The session a page holds, read from its cookies the way the integrator's server would read them.
import type { Page } from '@playwright/test';

export interface PageSession {
  /** The opaque session token (`stytch_session`). */
  token: string;
  /** The user id inside the session JWT (`stytch_session_jwt`'s `sub`). */
  userId: string;
}

/** The page's session, or null when it holds none. */
export async function pageSession(page: Page): Promise<PageSession | null> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'stytch_session')?.value;
  const jwt = cookies.find((c) => c.name === 'stytch_session_jwt')?.value;
  if (!token || !jwt) return null;
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return { token, userId: payload.sub };
}

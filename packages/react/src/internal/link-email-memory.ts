/**
 * @module internal/link-email-memory — the address this browser last emailed a sign-in or reset
 * link to, so a dead link can offer a new one to the same address (issue 17).
 */

// One per origin: the page and the link it sent share it. Only what the person typed here.
const KEY = 'latchkey_link_email';
/** A link clicked a day later still finds its address; after that the widget forgets it. */
export const LINK_EMAIL_MEMORY_MS: number = 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off (a SecurityError on access): the widget then just asks.
    return null;
  }
}

/** Remembers `email` as the address a link was just sent to, at `now` (epoch ms). */
export function rememberLinkEmail(email: string, now: number): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ email, sentAt: now }));
  } catch {
    // Full or refused: nothing is lost but the convenience.
  }
}

/**
 * The address remembered within the last day, or null. The dead link itself is never asked:
 * its token names nobody once it no longer works, and trying would make it an oracle.
 */
export function recallLinkEmail(now: number): string | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const { email, sentAt } = JSON.parse(raw) as { email?: unknown; sentAt?: unknown };
    if (typeof email !== 'string' || typeof sentAt !== 'number') return null;
    if (now - sentAt > LINK_EMAIL_MEMORY_MS || sentAt > now) return null;
    return email;
  } catch {
    return null;
  }
}

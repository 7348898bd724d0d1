/**
 * @module session-check-cache — live sessions and their users as the last check read them, so a
 * repeated check does not query the database (issue 18).
 *
 * Revocation stays immediate on every process: every change to a session, its user or the
 * user's factors is announced by the database (migration 2026_11_28_010000) and drops the
 * user's entries here; before an entry is served, `ChangeFeed.sync()` makes sure every
 * announcement committed before this check has been heard. When the feed is not listening
 * nothing is cached and every check reads the database. An entry lives at most ENTRY_TTL_MS
 * regardless, and is never served past its session's `expires_at`.
 */
import type { Clock } from '../../clock.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { SessionWithUser } from './live-session-lookup.repository.js';
import type { LiveSessionKey } from './sessions.repository.js';

/** The channel the database announces changed users on (a user id per notification). */
export const SESSION_CHECK_CHANNEL = 'latchkey_session_check';

/** The upper bound on an entry's life, whatever the feed says. */
export const ENTRY_TTL_MS = 10_000;

/** Past this many entries the oldest is dropped. */
const MAX_ENTRIES = 10_000;

/** Past this many remembered invalidations the memory is cleared and loads in flight are not kept. */
const MAX_REMEMBERED = 10_000;

interface Entry {
  found: SessionWithUser;
  loadedAt: number;
}

/** Session checks with a cache in front of the database. */
export interface SessionCheckCache {
  /** The live session of `key` at `now`: from the cache when it is known current, else from `load`. */
  read(
    key: LiveSessionKey,
    now: Date,
    load: () => Promise<SessionWithUser | undefined>,
  ): Promise<SessionWithUser | undefined>;
  /** Settles once the feed has first tried to listen (until then, checks read the database). */
  ready(): Promise<void>;
  /** Stops listening and closes the feed. */
  close(): Promise<void>;
}

function cacheKey(key: LiveSessionKey): string | undefined {
  if (key.tokenHash !== undefined) return `t\u0000${key.projectId}\u0000${key.tokenHash}`;
  if (key.id !== undefined) return `i\u0000${key.projectId}\u0000${key.id}`;
  return undefined;
}

/** Creates the cache over `feed`, which it then owns (closes). */
export function createSessionCheckCache(deps: { feed: ChangeFeed; clock: Clock }): SessionCheckCache {
  const entries = new Map<string, Entry>();
  const keysByUser = new Map<string, Set<string>>();
  // Every invalidation gets a number; a load that started before the latest invalidation of its
  // user is not kept, since it may have read the rows before that change committed.
  let epoch = 0;
  let oldestRemembered = 0;
  const invalidatedAt = new Map<string, number>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.found.user.id);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.found.user.id);
  };

  const forgetAll = () => {
    epoch += 1;
    oldestRemembered = epoch;
    invalidatedAt.clear();
    entries.clear();
    keysByUser.clear();
  };

  const unsubscribe = deps.feed.subscribe({
    onChange(userId) {
      epoch += 1;
      if (invalidatedAt.size >= MAX_REMEMBERED) {
        invalidatedAt.clear();
        oldestRemembered = epoch;
      }
      invalidatedAt.set(userId, epoch);
      const keys = keysByUser.get(userId);
      if (!keys) return;
      for (const key of [...keys]) drop(key);
    },
    onReset: forgetAll,
  });

  const keep = (key: string, found: SessionWithUser, startedAt: number, loadedAt: number) => {
    if (!deps.feed.live || startedAt < oldestRemembered) return;
    if ((invalidatedAt.get(found.user.id) ?? 0) > startedAt) return;
    drop(key);
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) drop(oldest.value);
    }
    entries.set(key, { found, loadedAt });
    let keys = keysByUser.get(found.user.id);
    if (!keys) {
      keys = new Set();
      keysByUser.set(found.user.id, keys);
    }
    keys.add(key);
  };

  const usable = (entry: Entry | undefined, now: number): entry is Entry =>
    entry !== undefined &&
    // A clock moved backwards also counts as stale rather than extending the entry's life.
    now >= entry.loadedAt &&
    now - entry.loadedAt < ENTRY_TTL_MS &&
    entry.found.session.expires_at.getTime() > now;

  return {
    async read(key, now, load) {
      const k = cacheKey(key);
      if (k === undefined || !deps.feed.live) return load();
      const t = now.getTime();
      if (usable(entries.get(k), t) && (await deps.feed.sync())) {
        // Read again: the sync may just have delivered this entry's invalidation.
        const entry = entries.get(k);
        if (usable(entry, t)) return entry.found;
      }
      drop(k);
      // Hear every change committed so far first, so that only a change the load may have missed
      // (one announced after it started) keeps its result out of the cache.
      const synced = await deps.feed.sync();
      const startedAt = epoch;
      const found = await load();
      if (found && synced) keep(k, found, startedAt, t);
      return found;
    },
    ready: () => deps.feed.ready(),
    async close() {
      unsubscribe();
      forgetAll();
      await deps.feed.close();
    },
  };
}

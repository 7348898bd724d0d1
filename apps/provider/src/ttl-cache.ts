/** @module ttl-cache — a small in-process cache of found values with a time-to-live, for hot read paths. */
import type { Clock } from './clock.js';

/** How a cache keeps its entries. */
export interface TtlCacheOptions {
  /** The injected clock that decides expiry. */
  clock: Clock;
  /** An entry is served for this long after it was loaded, then loaded again. */
  ttlMs: number;
  /** Past this many entries the oldest is dropped, so keys chosen by callers cannot grow memory. */
  maxEntries: number;
}

/** A read-through cache; only values that exist are kept. */
export interface TtlCache<K, V> {
  /**
   * The cached value of `key`, or what `load` returns. An `undefined` result (a miss) is never
   * kept, so something created a moment later is found at once; a rejected load is not kept
   * either. Concurrent calls for one key while it loads share that one load.
   */
  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** How many entries are held (loaded or loading). */
  readonly size: number;
  /** Drops every entry: the next get of each key loads again. */
  clear(): void;
}

interface Entry<V> {
  loadedAt: number;
  value: Promise<V | undefined>;
}

/** Creates an empty cache. */
export function createTtlCache<K, V>(options: TtlCacheOptions): TtlCache<K, V> {
  const entries = new Map<K, Entry<V>>();

  const fresh = (entry: Entry<V>, now: number) =>
    // A clock moved backwards also counts as stale rather than extending the entry's life.
    now >= entry.loadedAt && now - entry.loadedAt < options.ttlMs;

  return {
    get(key, load) {
      const now = options.clock.now().getTime();
      const held = entries.get(key);
      if (held && fresh(held, now)) return held.value;
      if (held) entries.delete(key);
      if (entries.size >= options.maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest load.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry: Entry<V> = { loadedAt: now, value: load() };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value.then((value) => {
        if (value === undefined) forget();
      }, forget);
      return entry.value;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}

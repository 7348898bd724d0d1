/**
 * @module dev-oidc-store — the development issuer's short-lived records (pending consents,
 * authorization codes, access tokens), in memory: the issuer serves one development process and
 * its records live minutes, so nothing is worth a table.
 */
import type { Clock } from '../../clock.js';
import type { Random } from '../../random.js';

/** Records under random keys, each until it expires; bounded so no caller can grow memory. */
export interface ExpiringStore<V> {
  /** Stores `value` under a new random key (32 bytes, base64url) and returns the key. */
  add(value: V): string;
  /** The live value of `key`, left in place. */
  peek(key: string): V | undefined;
  /** The live value of `key`, removed: of two callers with one key only the first gets it. */
  take(key: string): V | undefined;
  delete(key: string): void;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/** Creates an empty store whose entries live `ttlMs` by the injected clock. */
export function createExpiringStore<V>(options: {
  clock: Clock;
  random: Random;
  ttlMs: number;
  maxEntries: number;
}): ExpiringStore<V> {
  const entries = new Map<string, Entry<V>>();
  const now = () => options.clock.now().getTime();

  const live = (key: string): Entry<V> | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  };

  return {
    add(value) {
      const at = now();
      for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
      if (entries.size >= options.maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const key = Buffer.from(options.random.bytes(32)).toString('base64url');
      entries.set(key, { value, expiresAt: at + options.ttlMs });
      return key;
    },
    peek: (key) => live(key)?.value,
    take(key) {
      const entry = live(key);
      entries.delete(key);
      return entry?.value;
    },
    delete: (key) => {
      entries.delete(key);
    },
  };
}

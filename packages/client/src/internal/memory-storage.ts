/** @module internal/memory-storage — a localStorage stand-in when the real one is missing or throws. */

import type { StorageLike } from '../options.js';

/** An in-memory `StorageLike`; state lives as long as the page. */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

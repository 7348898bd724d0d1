/** @module internal/browser-defaults — the default injectable edges: system clock, localStorage, document.cookie. */

import type { Clock, CookieJar, StorageLike } from '../options.js';
import { createMemoryCookieJar } from './memory-cookie-jar.js';
import { createMemoryStorage } from './memory-storage.js';

/** Date.now and the global timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  // Looked up per call so fake timers installed after construction still apply.
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/** localStorage, or memory when it is missing or blocked. */
export function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // Access throws when storage is disabled (e.g. sandboxed frames).
  }
  return createMemoryStorage();
}

/** document.cookie, or a memory jar without a DOM. */
export function defaultCookies(): CookieJar {
  if (typeof document === 'undefined') return createMemoryCookieJar();
  return {
    get: () => document.cookie,
    set: (cookie) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the wire requires page-script cookies; the async Cookie Store API is missing in Firefox/Safari and could not be read synchronously per request.
      document.cookie = cookie;
    },
  };
}

/** @module internal/memory-cookie-jar — a `document.cookie` stand-in for pages without a DOM (SSR, workers). */

import type { CookieJar } from '../options.js';

/**
 * Keeps name → value, honouring `Expires` in the past as deletion. Attributes are otherwise
 * ignored: there is one jar per client, so Domain and Path cannot collide.
 */
export function createMemoryCookieJar(now: () => number = () => Date.now()): CookieJar {
  const values = new Map<string, string>();
  return {
    get: () => Array.from(values, ([name, value]) => `${name}=${value}`).join('; '),
    set(cookie) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expires = attributes.map((part) => part.trim()).find((part) => /^expires=/i.test(part));
      const expired = expires !== undefined && Date.parse(expires.slice(8)) <= now();
      if (expired) values.delete(name);
      else values.set(name, value);
    },
  };
}

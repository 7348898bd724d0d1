/** @module internal/copy-json-value — a deep copy of a value that came from JSON.parse. */

/**
 * Copies objects and arrays all the way down; everything else in JSON is immutable. Several
 * times cheaper than parsing the text again, which is why cache hits use it to give every
 * caller claims of its own. Own keys only, and `__proto__` as a plain key, the way JSON.parse
 * makes it, so a claim named `__proto__` can never become a prototype.
 */
export function copyJsonValue<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJsonValue) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = copyJsonValue((value as Record<string, unknown>)[key]);
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: member,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      copy[key] = member;
    }
  }
  return copy as T;
}

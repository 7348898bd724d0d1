/** @module internal/deep-freeze — freezes a value that came from JSON.parse, all the way down. */

/** A value whose objects and arrays, at every depth, are read-only. */
export type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

/**
 * Freezes `value` and every object and array inside it, in place, and returns it. Verified
 * claims are shared by every caller presenting the same token (the verified-token cache hands
 * out one result), so none may be able to change what another sees; freezing once costs less
 * than a copy per call. JSON has no cycles, so the walk ends. Own keys only, a `__proto__` claim included: JSON.parse makes it a plain
 * own property, and it is frozen like any other.
 */
export function deepFreeze<T>(value: T): DeepReadonly<T> {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value as DeepReadonly<T>;
}

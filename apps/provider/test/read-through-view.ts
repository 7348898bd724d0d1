/** A stand-in object that reads every property through to a value built later (by a hook). */

/**
 * Returns a view whose properties are `current()`'s at the moment they are read (methods bound to
 * it), so a module-level `const` can name a value that a beforeAll or beforeEach builds.
 * `current` throws when the value is not there yet, saying which. Writing a property writes the
 * value's (a test switching a fake server's mode); spreading the view copies the value's own properties.
 */
export function readThroughView<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_, property, value) => Reflect.set(current(), property, value),
    has: (_, property) => Reflect.has(current(), property),
    // Spreading the view (`{ ...caller, origin }`) copies the value's own properties.
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, property) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), property);
      // The proxy's own target is empty: a property it lacks may only be reported as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

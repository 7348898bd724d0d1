/** A value built once per test file (or describe block) by beforeAll and torn down by afterAll, named in one `const`. */
import { afterAll, beforeAll } from 'vitest';
import { readThroughView } from './read-through-view.js';

/**
 * Builds a value in beforeAll and tears it down in afterAll, and returns a view that reads
 * through to it: module-level helpers and tests keep writing `ctx.app` as they did with
 * `let ctx` assigned in beforeAll. Hooks registered after this call run after the build
 * (and their afterAll before the tear-down), so a file's own set-up can use the value.
 */
export function fileScoped<T extends object>(
  what: string,
  build: () => Promise<T>,
  tearDown: (value: T) => Promise<void>,
): T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(async () => {
    if (built) await tearDown(built);
  });
  const current = (): T => {
    // Read at module load (outside a hook or test) or after a failed build: say which, not "undefined".
    if (!built) throw new Error(`${what} is read before its beforeAll built it`);
    return built;
  };
  return readThroughView(current);
}

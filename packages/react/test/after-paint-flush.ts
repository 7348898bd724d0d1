/**
 * @module after-paint-flush — lets Preact's after-paint timers run before jsdom is torn down.
 *
 * Preact runs effects after the next frame or after 35 ms at most (hooks' afterNextFrame); a timer
 * still pending when the file's environment goes away calls a `cancelAnimationFrame` that no longer
 * exists, an uncaught error that fails the run (seen on a busy machine, where a file can end first).
 * Node fires timers in order of expiry, so one set 50 ms from now runs after every such timer
 * already scheduled, and the zero-delay effect flushes they queue.
 */
import { afterAll } from 'vitest';

const PREACT_AFTER_PAINT_TIMEOUT_MS = 35;

afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, PREACT_AFTER_PAINT_TIMEOUT_MS + 15));
});

/** @module clock — the widget's injectable time source (STYLE.md: clock arrives as an option). */

/** What the widget needs from time: the current instant and a repeating timer. */
export interface WidgetClock {
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
  /** Calls `callback` every `ms` milliseconds until the returned function is called. */
  every(ms: number, callback: () => void): () => void;
}

/**
 * The real clock. It looks the globals up on every call (not once at load), so test runners that
 * replace `Date` and the timers after import (Vitest's fake timers) are seen.
 */
export const systemClock: WidgetClock = {
  now: () => Date.now(),
  every(ms, callback) {
    const id = setInterval(callback, ms);
    return () => clearInterval(id);
  },
};

/** @module testing/test-clock — a manual WidgetClock for tests: time moves only when the test says so. */
import type { WidgetClock } from '../clock.js';

/** The clock plus the handle that moves it. */
export interface TestClock extends WidgetClock {
  /** Moves time forward by `ms`, firing each due timer at its own instant, in order. */
  advance(ms: number): void;
}

interface Timer {
  every: number;
  due: number;
  callback: () => void;
}

/** A clock that starts at `start` (epoch ms). */
export function createTestClock(start = 1_700_000_000_000): TestClock {
  let now = start;
  const timers = new Set<Timer>();
  return {
    now: () => now,
    every(ms, callback) {
      const timer: Timer = { every: ms, due: now + ms, callback };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let next: Timer | undefined;
        for (const timer of timers) if (timer.due <= end && (!next || timer.due < next.due)) next = timer;
        if (!next) break;
        now = next.due;
        next.due += next.every;
        next.callback();
      }
      now = end;
    },
  };
}

/** @module hooks/use-now — re-renders on a clock's tick and returns the clock's current time. */
import { useEffect, useState } from 'react';
import type { WidgetClock } from '../clock.js';

/**
 * The current time of `clock`, re-rendering every `intervalMs` while `active`. The time is read
 * during render, so a render caused by something else (a resend) never shows a stale value.
 */
export function useNow(clock: WidgetClock, intervalMs: number, active = true): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    return clock.every(intervalMs, () => setTick((tick) => tick + 1));
  }, [clock, intervalMs, active]);
  return clock.now();
}

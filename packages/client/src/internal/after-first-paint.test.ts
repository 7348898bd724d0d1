import { describe, expect, it } from 'vitest';
import type { Clock } from '../options.js';
import { FIRST_PAINT_WAIT_LIMIT_MS, type PaintPage, runAfterFirstPaint } from './after-first-paint.js';

/** A page whose frames and timers run only when the test says so. */
function fakePage(readyState: string | undefined, { frames = true } = {}) {
  const frameCallbacks: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const page: PaintPage = {
    document: readyState === undefined ? undefined : { readyState },
    requestAnimationFrame: frames ? (callback) => frameCallbacks.push(callback) : undefined,
  };
  const clock: Pick<Clock, 'setTimeout'> = { setTimeout: (callback, ms) => timers.push({ callback, ms }) };
  return {
    /** Runs `task` on this page. */
    run: (task: () => void) => runAfterFirstPaint(task, clock, page),
    /** Runs the frame's callbacks, as the browser does before it paints the frame. */
    frame: () => {
      for (const callback of frameCallbacks.splice(0)) callback();
    },
    /** Runs the timers of `ms`, as the tasks after the frame (0) or the limit. */
    timersOf: (ms: number) => {
      for (const timer of timers.filter((t) => t.ms === ms)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
    },
  };
}

describe('runAfterFirstPaint', () => {
  it.each(['loading', 'interactive'])('on a %s page, waits for the frame to be painted', (state) => {
    const page = fakePage(state);
    const runs: string[] = [];
    page.run(() => runs.push('task'));
    expect(runs).toEqual([]);
    page.frame();
    // Inside the frame's callbacks the frame is not painted yet.
    expect(runs).toEqual([]);
    page.timersOf(0);
    expect(runs).toEqual(['task']);
    // The limit's timer, later, does not run it again.
    page.timersOf(FIRST_PAINT_WAIT_LIMIT_MS);
    expect(runs).toEqual(['task']);
  });

  it('runs once the limit has passed when no frame comes (a hidden tab), and not again after a frame', () => {
    const page = fakePage('interactive');
    let runs = 0;
    page.run(() => runs++);
    page.timersOf(FIRST_PAINT_WAIT_LIMIT_MS);
    expect(runs).toBe(1);
    page.frame();
    page.timersOf(0);
    expect(runs).toBe(1);
  });

  it.each([
    ['a loaded page', 'complete', true],
    ['no DOM (a server)', undefined, false],
    ['a loading page without animation frames', 'loading', false],
  ] as const)('runs at once on %s', (_, state, frames) => {
    let runs = 0;
    fakePage(state, { frames }).run(() => runs++);
    expect(runs).toBe(1);
  });
});

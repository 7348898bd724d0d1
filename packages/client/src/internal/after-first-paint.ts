/**
 * @module internal/after-first-paint — work a client starts on construction that no pixel waits
 * for (its first fetches), held back until a page that is still loading has painted once.
 *
 * A client is usually made by a page's own script while the page loads, just before the widget
 * mounts. A fetch costs the page's main thread several milliseconds before it even leaves
 * (Chromium: 2–11 ms for the bootstrap call with its telemetry header), and all of it used to
 * come before the widget's first paint (issue 18). The response comes a frame later; nothing on
 * screen needed it, and a call that does need the bootstrap starts it at once (`getAsync`).
 */

import type { Clock } from '../options.js';

/** What the timing reads from the page: the globals in a browser, a fake in tests. */
export interface PaintPage {
  /** Absent without a DOM (a server, a worker). */
  document?: { readyState: string } | undefined;
  requestAnimationFrame?: ((callback: () => void) => unknown) | undefined;
}

/**
 * A hidden tab runs no animation frames: the work starts this long after construction at the
 * latest, painted or not.
 */
export const FIRST_PAINT_WAIT_LIMIT_MS = 100;

/**
 * Runs `task` once, after the next frame is painted when the page is still loading (`loading`
 * or `interactive`), else at once: a page that has loaded has painted already, and without a
 * DOM there is no paint to wait for. Timers come from the client's clock.
 */
export function runAfterFirstPaint(
  task: () => void,
  clock: Pick<Clock, 'setTimeout'>,
  page: PaintPage = globalThis,
): void {
  // readyState is `loading`, `interactive` or `complete`.
  if (!page.document || page.document.readyState === 'complete' || !page.requestAnimationFrame) {
    task();
    return;
  }
  let ran = false;
  const runOnce = () => {
    if (ran) return;
    ran = true;
    task();
  };
  // A frame's callbacks run before it is painted; a task queued from one runs after.
  page.requestAnimationFrame(() => clock.setTimeout(runOnce, 0));
  clock.setTimeout(runOnce, FIRST_PAINT_WAIT_LIMIT_MS);
}

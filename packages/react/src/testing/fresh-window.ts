/** @module testing/fresh-window — a window of its own per test, for code that keeps state on `window`. */
import { afterEach } from 'vitest';

export type TestWindow = Window & typeof globalThis & Record<string, unknown>;

/**
 * Returns `freshWindow()`, which makes a new iframe's window (wallet discovery keeps one registry per
 * window for the page's lifetime, so each test needs its own), and removes the iframes after each test.
 */
export function freshWindowsPerTest(): () => TestWindow {
  afterEach(() => {
    document.body.replaceChildren();
  });
  return () => {
    const iframe = document.createElement('iframe');
    document.body.append(iframe);
    return iframe.contentWindow as TestWindow;
  };
}

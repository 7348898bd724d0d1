// The browser the suite drives: Debian's Chromium headless shell (chromium-headless-shell), when it
// is installed (scripts/system-deps.sh installs it), else Debian's Chromium; CHROMIUM_PATH
// overrides both. The headless shell is the same release of Blink and V8 without the desktop
// browser's window and UI layer, which no headless test shows: on it the whole suite's browser
// processes took 322 CPU-s against 432, and the run 504 s against 560 (issue 18). Playwright's own
// default for headless runs is the same split.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DESKTOP_CHROMIUM = '/usr/bin/chromium';

export function chromiumExecutable(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : DESKTOP_CHROMIUM);
}

/**
 * The browser name the provider gives a passkey registered from this browser on Linux
 * (features/webauthn/browser-and-os.ts): Debian's Chromium lists only the "Chromium" brand in its
 * client hints, and the headless shell adds "HeadlessChrome", which the provider calls Chrome.
 */
export function browserNameOnLinux(): string {
  return chromiumExecutable().includes('headless-shell') ? 'Chrome on Linux' : 'Chromium on Linux';
}

// Chromium's command line for the suite: Playwright's defaults, plus the browser-UI features a
// headless test never shows.
//
// On the desktop Chromium (CHROMIUM_PATH=/usr/bin/chromium; the headless shell has no browser UI),
// every page Playwright opens is a window of its own, and Chromium 156 preloads each window's
// omnibox (address bar) popup: a WebUI page of about 200 ES modules in a renderer of its own.
// No test ever opens that popup, yet it cost as much renderer CPU as the page under test (a trace
// of password-sign-in: 1.8–1.9 s of the window's 3.5–3.7 s; issue 18).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The features behind the omnibox popup's WebUI renderer (chrome://omnibox-popup.top-chrome). */
const UNSHOWN_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The features Playwright itself disables. Chromium keeps only the last `--disable-features` of
 * a command line, and Playwright's comes before the launch's own arguments, so a list of ours must
 * repeat Playwright's or silently undo it (HttpsUpgrades, PaintHolding, …). Playwright does not
 * export it, so it is read from the installed playwright-core; a release that moves it fails here.
 */
function playwrightDisabledFeatures(): string[] {
  // The playwright-core that @playwright/test launches with, found the way it finds it.
  const fromTestRunner = createRequire(createRequire(import.meta.url).resolve('playwright/package.json'));
  const core = dirname(fromTestRunner.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(core, 'lib/coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const features = list ? [...list.matchAll(/^\s*"(\w+)",?\s*$/gm)].map((match) => match[1]) : [];
  if (!list || !features.includes('PaintHolding'))
    throw new Error(
      "e2e/support/chromium-args.ts: Playwright's default --disable-features list was not found in playwright-core; read where it is now",
    );
  return features;
}

/** The launch's own arguments (Playwright adds its defaults before them). */
export function chromiumArgs(): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...playwrightDisabledFeatures(), ...UNSHOWN_BROWSER_UI_FEATURES].join(',')}`,
  ];
}

// Test fixtures: page objects, and a screenshot helper that keeps every screen for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { DemoPage } from '../pages/demo-page.js';
import { screenshotDir } from './stack.js';

export const test = base.extend<{ demo: DemoPage }>({
  demo: async ({ page }, use) => {
    await use(new DemoPage(page));
  },
});

/**
 * Whether screens are kept as PNGs for a person to look at. CI sets E2E_SCREENSHOTS=0: nobody
 * looks there, and a full-page screenshot costs Chromium a whole-page paint (a failing test still
 * gets Playwright's own screenshot).
 */
const keepingScreenshots = process.env.E2E_SCREENSHOTS !== '0';

/** Keeps what `page` shows as `name`.png: the whole page, or with `fullPage: false` the viewport. */
export async function snapshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!keepingScreenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

/** Keeps the screen at the page's width and at a 360 px phone's (`name`-360.png). */
export async function snapshotAtBothWidths(page: Page, name: string): Promise<void> {
  if (!keepingScreenshots) return;
  await snapshot(page, name);
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  await snapshot(page, `${name}-360`);
  if (desktop) await page.setViewportSize(desktop);
}

export { expect } from '@playwright/test';

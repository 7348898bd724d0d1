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

export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

export { expect } from '@playwright/test';

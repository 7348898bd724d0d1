// The widget's small controls are at least 44 × 44 CSS px targets (WCAG 2.5.5, Apple's and
// Google's touch guidance): the Back arrow, the icon buttons and the watermark link, measured in
// the browser on every screen the narrow-screen walk reaches.
import { expect, type Page } from '@playwright/test';

/** The controls drawn smaller than their target (an arrow, an icon, a 12 px line). */
const SMALL_CONTROLS = '.lk-back-button, .lk-icon-button, .lk-watermark a';
export const TARGET_PX = 44;

/** Asserts every visible small control of each widget root (light DOM or open shadow root) is a 44 px target. */
export async function expectTargetsAtLeast44(page: Page, what: string): Promise<void> {
  // Playwright's CSS locators pierce open shadow roots: this reaches every widget root's controls.
  const small = await page
    .locator('.lk-root')
    .locator(SMALL_CONTROLS)
    .evaluateAll(
      (elements, target) =>
        elements
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height > 0)
          .filter(({ box }) => box.width < target - 0.5 || box.height < target - 0.5)
          .map(
            ({ element, box }) =>
              `${element.className} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
          ),
      TARGET_PX,
    );
  expect(small, `targets under ${TARGET_PX} px on ${what}`).toEqual([]);
}

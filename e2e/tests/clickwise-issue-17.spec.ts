// Issue 17 item 10 (and Clickwise's favicon, item 11): what a first-time visitor of Clickwise
// met. Its emails named the demo's project; the 'Estimating…' card sat left of the results card;
// the page's scroll to the results could carry their heading off the screen; the marquee's
// sample terms looked clickable but were not; the sign-in modal focused × instead of the email
// field; the favicon was empty. All against the real provider and Clickwise's own server.
import type { Browser, Page } from '@playwright/test';
import { ClickwiseSite } from '../pages/clickwise-site.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { uniqueEmail, waitForMessages } from '../support/outbox.js';
import { clickwiseUrl } from '../support/stack.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const VIEWPORTS = [
  { name: 'desktop', viewport: DESKTOP },
  { name: '360px', viewport: PHONE },
] as const;
const SAMPLE_TERMS = [
  'buy running shoes',
  'plumber near me',
  'pizza delivery',
  'life insurance quote',
  'wedding photographer',
];

/** A page of its own at `viewport`. */
async function pageAt(browser: Browser, viewport: typeof DESKTOP, options: { javaScript?: boolean } = {}) {
  const context = await browser.newContext({
    viewport,
    ...(options.javaScript === false ? { javaScriptEnabled: false } : {}),
  });
  const page = await context.newPage();
  return { page, site: new ClickwiseSite(page), close: () => context.close() };
}

/** Whether the results' heading lies wholly inside the viewport. */
function resultsHeadingInView(page: Page) {
  return page.locator('#results-title').evaluate((heading) => {
    const box = heading.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

test('the sign-up email says Clickwise, and the demo page’s project keeps its own name', async ({
  page,
  request,
  demo,
}) => {
  const site = new ClickwiseSite(page);
  const visitor = uniqueEmail('clickwise-name');

  await test.step('a new visitor signs up from the header: the email names Clickwise', async () => {
    await site.open();
    await site.headerSignIn.click();
    const message = await site.signInByMagicLink(request, visitor);
    expect(message.subject).toBe('Finish creating your Clickwise account');
    expect(message.text).toContain('finish creating your Clickwise account');
    expect(message.html).toContain('Finish creating your Clickwise account');
    expect(`${message.subject}\n${message.text}\n${message.html}`).not.toContain('Development project');
    await expect(page).toHaveURL(`${clickwiseUrl}/campaigns`);
    await expect(page.getByRole('heading', { name: 'Your campaigns' })).toBeVisible();
  });

  await test.step('the demo host page signs up into its own project, not Clickwise', async () => {
    const demoVisitor = uniqueEmail('demo-name');
    await demo.open();
    await demo.widget.requestMagicLink(demoVisitor);
    const [message] = await waitForMessages(request, demoVisitor, 1);
    expect(message?.subject).toBe('Finish creating your Development project account');
  });
});

for (const { name, viewport } of VIEWPORTS) {
  test(`${name}: the Estimating… card and the results card share x and width; the results heading stays in view`, async ({
    browser,
  }) => {
    const { page, site, close } = await pageAt(browser, viewport);
    await site.open();

    await test.step('a slow estimate: the Estimating… card, scrolled to and focused', async () => {
      const release = await site.holdEstimates();
      await site.tryTerm('buy running shoes');
      await expect(site.resultsPanel).toHaveAttribute('data-state', 'loading');
      await expect(site.resultsPanel).toContainText('Estimating…');
      // The page has scrolled to the section and focused the panel, as spec §9 times it.
      await expect(site.resultsPanel).toBeFocused();
      const loading = await site.resultsPanel.boundingBox();
      await snapshot(page, `clickwise-17-estimating-${name}`, { fullPage: false });

      await release();
      await expect(site.resultsPanel).toHaveAttribute('data-state', 'results');
      const results = await site.resultsPanel.boundingBox();
      expect(results?.x).toBe(loading?.x);
      expect(results?.width).toBe(loading?.width);
      // Centred in the page, inside the viewport.
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      expect(Math.round((results?.x ?? 0) * 2 + (results?.width ?? 0))).toBe(width);
      // The results grew below the place the page scrolled to: their heading is still on screen.
      expect(await resultsHeadingInView(page)).toBe(true);
      await snapshot(page, `clickwise-17-results-${name}`, { fullPage: false });
    });

    await test.step('a quick estimate from further down: scrolled so that the heading is in view', async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await site.tryTerm('pizza delivery');
      await expect(site.resultsPanel.locator('.results-search')).toHaveText('pizza delivery');
      await expect(site.resultsPanel).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await resultsHeadingInView(page)).toBe(true);
    });
    await close();
  });
}

for (const { name, viewport } of VIEWPORTS) {
  test(`${name}: a sample term in the marquee runs an estimate, by pointer and by keyboard`, async ({
    browser,
  }) => {
    const { page, site, close } = await pageAt(browser, viewport);
    await site.open();
    const track = site.termsMarquee.locator('.marquee-track');

    await test.step('the terms are buttons with accessible names; the loop’s copies are not read out', async () => {
      for (const term of SAMPLE_TERMS) await expect(site.sampleTerm(term)).toHaveCount(1);
      await expect(site.termsMarquee.locator('button.marquee-term')).toHaveCount(4 * SAMPLE_TERMS.length);
      await expectNoAxeViolations(page, '.marquee');
    });

    await test.step('under the pointer the banner stops, and a click on the term there estimates it', async () => {
      await site.termsMarquee.hover();
      await expect.poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
      // Whichever copy of a term shows most of itself where the banner stopped (on a phone a long
      // term can straddle an edge, so none need be wholly inside): a click on its visible middle.
      const target = await site.termsMarquee.evaluate((banner) => {
        const edges = banner.getBoundingClientRect();
        const visible = [...banner.querySelectorAll('button.marquee-term')].map((button) => {
          const box = button.getBoundingClientRect();
          const left = Math.max(box.left, edges.left);
          const right = Math.min(box.right, edges.right, innerWidth);
          return {
            term: button.getAttribute('value'),
            left,
            width: right - left,
            y: box.top + box.height / 2,
          };
        });
        return visible.reduce((best, candidate) => (candidate.width > best.width ? candidate : best));
      });
      expect(target.width).toBeGreaterThan(20);
      const term = target.term;
      await snapshot(page, `clickwise-17-marquee-hover-${name}`, { fullPage: false });
      await page.mouse.click(target.left + target.width / 2, target.y);
      await expect(site.resultsPanel).toHaveAttribute('data-state', 'results');
      await expect(site.resultsPanel.locator('.results-search')).toHaveText(term ?? '');
      await expect(site.resultsPanel).toBeFocused();
    });

    await test.step('Tab reaches every term in view (the banner stands still), Enter estimates it', async () => {
      await page.mouse.move(0, 0);
      await site.estimateButton.focus();
      for (const term of SAMPLE_TERMS) {
        await page.keyboard.press('Tab');
        const focused = site.sampleTerm(term);
        await expect(focused).toBeFocused();
        await expect(track).toHaveCSS('animation-name', 'none');
        const inView = await focused.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const banner = button.closest('.marquee')?.getBoundingClientRect();
          // (Less than a pixel over is rounding of the scroll position.)
          return (
            !!banner && box.left >= banner.left - 1 && box.right <= Math.min(banner.right, innerWidth) + 1
          );
        });
        expect(inView, `"${term}" is in view while focused`).toBe(true);
        if (term === 'life insurance quote')
          await snapshot(page, `clickwise-17-marquee-focus-${name}`, { fullPage: false });
      }
      // Past the last term, focus leaves the banner: the loop's copies are not in the Tab order.
      await page.keyboard.press('Tab');
      expect(await site.termsMarquee.evaluate((banner) => banner.contains(document.activeElement))).toBe(
        false,
      );
      await expect(track).not.toHaveCSS('animation-name', 'none');
      await page.keyboard.press('Shift+Tab');
      await expect(site.sampleTerm('wedding photographer')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(site.resultsPanel.locator('.results-search')).toHaveText('wedding photographer');
      await expect(site.resultsPanel).toBeFocused();
      await snapshot(page, `clickwise-17-marquee-estimate-${name}`);
    });
    await close();
  });
}

test('360px, reduced motion and no JavaScript: the terms stand still, all in view, and a click estimates', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: PHONE,
    reducedMotion: 'reduce',
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const site = new ClickwiseSite(page);
  await page.goto(clickwiseUrl);
  await expect(site.termsMarquee.locator('.marquee-track')).toHaveCSS('animation-name', 'none');
  for (const term of SAMPLE_TERMS) {
    const button = site.sampleTerm(term);
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width, term).toBe(true);
  }
  await expect(site.termsMarquee.locator('.marquee-content[aria-hidden="true"]').first()).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snapshot(page, 'clickwise-17-marquee-reduced-motion-360px', { fullPage: false });
  await site.sampleTerm('plumber near me').click();
  await expect(page).toHaveURL(/\/\?results_id=[A-Za-z0-9_-]{16}#results$/);
  await expect(site.resultsPanel.locator('.results-search')).toHaveText('plumber near me');
  await context.close();
});

for (const { name, viewport } of VIEWPORTS) {
  test(`${name}: the sign-in modal starts in the email field, keeps Tab inside, and Escape gives focus back`, async ({
    browser,
  }) => {
    const { page, site, close } = await pageAt(browser, viewport);
    await site.open();
    const closeButton = site.signInDialog.getByRole('button', { name: 'Close' });

    await test.step('opened from the header: the email field has focus, not ×', async () => {
      await site.headerSignIn.click();
      await expect(site.signInDialog).toBeVisible();
      await expect(site.widgetEmail).toBeFocused();
      await expect(closeButton).not.toBeFocused();
      await snapshot(page, `clickwise-17-sign-in-modal-${name}`, { fullPage: false });
      await expectNoAxeViolations(page, '#signin-container');
    });

    await test.step('Tab cycles through the modal’s controls and back to the email field', async () => {
      const visited: string[] = [];
      for (let step = 0; step < 20; step += 1) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => {
          const active = document.activeElement;
          return {
            inside: document.querySelector('dialog.signin-modal')?.contains(active) ?? false,
            name: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
            email: active instanceof HTMLInputElement && active.type === 'email',
          };
        });
        expect(where.inside, `Tab ${step + 1} stays in the modal`).toBe(true);
        if (where.email) break;
        visited.push(where.name);
      }
      await expect(site.widgetEmail).toBeFocused();
      expect(visited).toContain('Close');
      // Backwards from the first control (×) goes round to the last.
      await closeButton.focus();
      await page.keyboard.press('Shift+Tab');
      expect(
        await page.evaluate(() => {
          const active = document.activeElement;
          return (
            document.querySelector('dialog.signin-modal')?.contains(active) && active?.tagName !== 'DIALOG'
          );
        }),
      ).toBe(true);
      await expect(closeButton).not.toBeFocused();
    });

    await test.step('Escape closes it and focus is back on the button that opened it', async () => {
      await page.keyboard.press('Escape');
      await expect(site.signInDialog).toBeHidden();
      await expect(site.headerSignIn).toBeFocused();
    });

    await test.step('opened again from the keyboard: the email field again', async () => {
      await page.keyboard.press('Enter');
      await expect(site.widgetEmail).toBeFocused();
      await closeButton.click();
      await expect(site.signInDialog).toBeHidden();
      await expect(site.headerSignIn).toBeFocused();
    });
    await close();
  });
}

test('Clickwise has a real favicon, served as an image', async ({ page, request }) => {
  const site = new ClickwiseSite(page);
  await site.open();
  const icons = await page
    .locator('link[rel~="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(icons.length).toBeGreaterThanOrEqual(2);
  const expectedType = (href: string) =>
    href.endsWith('.svg') ? 'image/svg+xml' : href.endsWith('.ico') ? 'image/x-icon' : 'image/png';
  for (const href of icons) {
    expect(href.startsWith(`${clickwiseUrl}/`), href).toBe(true);
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toBe(expectedType(href));
    expect((await response.body()).length, href).toBeGreaterThan(200);
  }
  // Browsers ask for /favicon.ico on their own (e.g. on a JSON answer): a real icon there too.
  const ico = await request.get(`${clickwiseUrl}/favicon.ico`);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  // The icon as the browser draws it.
  const shown = await page.evaluate(async (href) => {
    const image = new Image();
    image.src = href;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  }, `${clickwiseUrl}/favicon.svg`);
  expect(shown.width).toBeGreaterThan(0);
  await page.goto(`${clickwiseUrl}/apple-touch-icon.png`);
  await snapshot(page, 'clickwise-17-favicon', { fullPage: false });
});

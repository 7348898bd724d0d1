// Clickwise end to end: a visitor tries terms, starts a campaign, signs in by magic link and is
// brought back to the prefilled campaign; then the signed-in area on a phone and a desktop.
import type { Browser, Page } from '@playwright/test';
import { ClickwiseSite } from '../pages/clickwise-site.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { clickwiseUrl } from '../support/stack.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

test('a visitor estimates a term, signs in from "Start a campaign" and starts the campaign', async ({
  page,
  request,
}) => {
  const site = new ClickwiseSite(page);
  const email = uniqueEmail('clickwise');
  let campaignUrl = '';

  await test.step('the landing page shows the try-it-out form and the marquee banners', async () => {
    await site.open();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See what a search term can bring you');
    await expect(site.resultsPanel).toBeHidden();
    const track = page.locator('.marquee-track').first();
    await expect(track.locator('.marquee-content')).toHaveCount(4);
    expect(await track.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('10s');
    expect(await track.evaluate((el) => getComputedStyle(el).animationTimingFunction)).toBe('linear');
    await snapshot(page, 'clickwise-01-landing-desktop');
    await expectNoAxeViolations(page, 'body');
  });

  await test.step('a blank term is not sent', async () => {
    await site.tryTerm('   ');
    await expect(site.resultsPanel).toBeHidden();
  });

  await test.step('a term gives an estimate; the input is cleared and blurred; the panel gets focus', async () => {
    await site.tryTerm('buy running shoes');
    await expect(site.searchInput).toHaveValue('');
    await expect(site.searchInput).not.toBeFocused();
    await expect(site.resultsPanel).toHaveAttribute('data-state', 'results');
    await expect(site.resultsPanel.locator('.results-search')).toHaveText('buy running shoes');
    const conversions = Number(
      (await site.resultsPanel.getByTestId('conversions').textContent())?.replace(/,/g, ''),
    );
    expect(conversions).toBeGreaterThan(0);
    // Scrolled to the bottom-half section in 500 ms, focused 1250 ms later.
    await expect(site.resultsPanel).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await snapshot(page, 'clickwise-02-estimate-desktop');
    await expectNoAxeViolations(page, 'body');
  });

  await test.step('a nonsense term shows the not-popular message with the term, and can be hidden', async () => {
    await site.tryTerm('qwzxv blorft');
    await expect(site.resultsPanel).toHaveAttribute('data-state', 'not-popular');
    await expect(site.resultsPanel).toContainText(
      "Your search term doesn't seem to be very popular. Try again with a new one.",
    );
    await expect(site.resultsPanel).toContainText('qwzxv blorft');
    await expect(site.resultsPanel.locator('.results-count')).toHaveText('0');
    await snapshot(page, 'clickwise-03-not-popular-desktop');
    await site.resultsPanel.getByRole('button', { name: 'Hide results' }).click();
    await expect(site.resultsPanel).toBeHidden();
  });

  await test.step('"Start a campaign" asks a visitor to sign in and remembers where to return', async () => {
    await site.tryTerm('buy running shoes');
    await site.resultsPanel.getByRole('link', { name: 'Start a campaign' }).click();
    await expect(page).toHaveURL(/\/campaign\?adhoc_result=[A-Za-z0-9_-]{16}$/);
    campaignUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    await expect(site.signInDialog).toBeVisible();
    await expect(site.signInDialog.locator('#signin-message')).toContainText('Sign in to continue');
    expect(
      await site.signInDialog.locator('#signin-container').evaluate((el) => el.getBoundingClientRect().width),
    ).toBe(300);
    expect(await site.storedReturnLocation()).toBe(campaignUrl);
    // Opened by the page itself: focus starts in the email field all the same.
    await expect(site.widgetEmail).toBeFocused();
    await snapshot(page, 'clickwise-04-sign-in-modal-desktop');
    await expectNoAxeViolations(page, '#signin-container');
  });

  await test.step('the magic link signs in and the page returns to the campaign, prefilled', async () => {
    await site.signInByMagicLink(request, email);
    await expect(page).toHaveURL(`${clickwiseUrl}${campaignUrl}`);
    await expect(page.getByRole('heading', { name: 'New campaign' })).toBeVisible();
    expect(await site.storedReturnLocation()).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { user_id: number }).user_id)).toBeGreaterThan(0);
    await expect(page.getByLabel('Search terms (one per line)')).toHaveValue('buy running shoes');
    await expect(page.getByLabel('Campaign name')).toHaveValue('Buy running shoes campaign');
    await expect(page.getByLabel('Daily budget (USD)')).toHaveValue('50');
    const headline = page.getByLabel('Headline');
    const value = await headline.inputValue();
    await expect(page.locator('[data-counter-target="headline"]')).toHaveText(`${value.length} / 90`);
    await headline.fill('Shoes that run');
    await expect(page.locator('[data-counter-target="headline"]')).toHaveText('14 / 90');
    await expect(page.locator('[data-counter-target="description"]')).toHaveText(/ \/ 250$/);
    await snapshot(page, 'clickwise-05-campaign-form-desktop');
    await expectNoAxeViolations(page, 'body');
  });

  await test.step('the server validates, then saves a draft that can be started', async () => {
    await page.getByLabel('Campaign name').fill('');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();
    await expect(page.locator('#name-error')).toHaveText('Required.');
    await page.getByLabel('Campaign name').fill('Running shoes, spring');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('heading', { name: 'Running shoes, spring' })).toBeVisible();
    await expect(page.locator('.status')).toHaveText('Draft');
    await page.getByRole('button', { name: 'Start campaign' }).click();
    await expect(page.locator('.status')).toHaveText('Running');
    await snapshot(page, 'clickwise-06-campaign-running-desktop');
  });

  await test.step('the campaign is in the list after a reload', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    await expect(page).toHaveURL(`${clickwiseUrl}/campaigns`);
    await page.reload();
    const row = page.getByRole('row', { name: /Running shoes, spring/ });
    await expect(row).toContainText('Running');
    await expect(row).toContainText('$50.00');
    await snapshot(page, 'clickwise-07-campaigns-desktop');
    await expectNoAxeViolations(page, 'body');
  });
});

/** A signed-in page at `viewport`, by a magic link from the landing page's header. */
async function signedInPage(
  browser: Browser,
  request: Parameters<ClickwiseSite['signInByMagicLink']>[0],
  viewport: typeof DESKTOP,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const site = new ClickwiseSite(page);
  await site.open('/account');
  await site.signInByMagicLink(request, uniqueEmail('clickwise-nav'));
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  return { page, site, close: () => context.close() };
}

async function expectOffcanvasWorks(page: Page, name: string) {
  const panel = page.locator('#help-offcanvas');
  await expect(panel).toHaveAttribute('data-open', 'false');
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(panel).toHaveAttribute('data-open', 'true');
  await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
  // Slid in completely (a 0.25 s transition): its right edge is the viewport's.
  await expect
    .poll(() => panel.evaluate((el) => Math.round(el.getBoundingClientRect().right - window.innerWidth)))
    .toBe(0);
  await snapshot(page, `clickwise-${name}-offcanvas`);
  await expectNoAxeViolations(page, '#help-offcanvas');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveAttribute('data-open', 'false');
}

test('the signed-in area on a desktop: collapsible navigation (remembered) and the offcanvas', async ({
  browser,
  request,
}) => {
  const { page, close } = await signedInPage(browser, request, DESKTOP);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('button', { name: /open menu/i })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await snapshot(page, 'clickwise-08-account-desktop');
  await expectNoAxeViolations(page, 'body');
  await nav.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect(page.locator('#backend')).toHaveClass(/nav-collapsed/);
  expect(await nav.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(100);
  // Collapsed, each link is its icon: drawn ones (lucide), not text glyphs such as ☺ or ⌂.
  await expect(nav.locator('a svg.nav-icon')).toHaveCount(4);
  await page.reload();
  await expect(page.locator('#backend')).toHaveClass(/nav-collapsed/);
  await expect(nav.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await snapshot(page, 'clickwise-09-nav-collapsed-desktop');
  await nav.getByRole('button', { name: 'Expand navigation' }).click();
  await expect(page.locator('#backend')).not.toHaveClass(/nav-collapsed/);
  await expectOffcanvasWorks(page, '10-desktop');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${clickwiseUrl}/`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await close();
});

test('the signed-in area on a phone: burger toggle and offcanvas', async ({ browser, request }) => {
  const { page, close } = await signedInPage(browser, request, PHONE);
  const burger = page.getByRole('button', { name: /open menu/i });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(burger).toBeVisible();
  await expect(nav).toBeHidden();
  await snapshot(page, 'clickwise-11-account-phone');
  await expectNoAxeViolations(page, 'body');
  await burger.click();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: /close menu/i })).toHaveAttribute('aria-expanded', 'true');
  await snapshot(page, 'clickwise-12-menu-open-phone');
  await page.getByRole('button', { name: /close menu/i }).click();
  await expect(nav).toBeHidden();
  await burger.click();
  await nav.getByRole('link', { name: 'Campaigns' }).click();
  await expect(page.getByRole('heading', { name: 'Your campaigns' })).toBeVisible();
  await expect(nav).toBeHidden(); // following a link closes the menu
  await expectOffcanvasWorks(page, '13-phone');
  await close();
});

test('the landing page on a phone, and with JavaScript off the form still works', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: PHONE });
  const page = await phone.newPage();
  const site = new ClickwiseSite(page);
  await site.open();
  await snapshot(page, 'clickwise-14-landing-phone');
  await expectNoAxeViolations(page, 'body');
  await site.tryTerm('pizza delivery');
  await expect(site.resultsPanel).toHaveAttribute('data-state', 'results');
  await snapshot(page, 'clickwise-15-estimate-phone');
  await phone.close();

  const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(clickwiseUrl);
  await plain.getByRole('searchbox', { name: /try a search term/i }).fill('<b>plumber</b> near me');
  await plain.getByRole('button', { name: 'Estimate', exact: true }).click();
  await expect(plain).toHaveURL(/\/\?results_id=[A-Za-z0-9_-]{16}#results$/);
  const panel = plain.locator('#results-panel');
  await expect(panel).toHaveAttribute('data-state', 'results');
  await expect(panel.locator('.results-search')).toHaveText('<b>plumber</b> near me');
  await expect(panel.getByRole('link', { name: 'Start a campaign' })).toBeVisible();
  await snapshot(plain, 'clickwise-16-estimate-no-javascript-phone');
  await noScript.close();
});

// Issue 20: Clickwise keeps its own users, and the provider is the source of truth. A person who
// deletes their account (at /account), or an operator who deletes them (DELETE /v1/users/{id}),
// deletes the Latchkey user; the provider's signed `user.deleted` webhook reaches Clickwise
// (the endpoint it registered at start), which deletes its local user, sessions and campaigns.
import type { APIRequestContext, Browser } from '@playwright/test';
import { ClickwiseSite } from '../pages/clickwise-site.js';
import { expectNoAxeViolations } from '../support/axe.js';
import {
  clickwiseLatchkey,
  clickwiseWebhookEndpointId,
  latchkeyUserIdOf,
  userDeletedDeliveries,
} from '../support/clickwise-latchkey.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { messagesTo, uniqueEmail } from '../support/outbox.js';
import { clickwiseUrl } from '../support/stack.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** A page of its own at `viewport`, signed in to Clickwise as `email` by a magic link. */
async function signedIn(browser: Browser, request: APIRequestContext, email: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const site = new ClickwiseSite(page);
  const earlier = (await messagesTo(request, email)).length;
  await site.open('/account');
  await site.signInByMagicLink(request, email, earlier);
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  return { page, site, close: () => context.close() };
}

/** Saves a draft campaign from an estimate, as a signed-in visitor; returns its path. */
async function createDraft(site: ClickwiseSite): Promise<string> {
  await site.open();
  await site.tryTerm('buy running shoes');
  await site.resultsPanel.getByRole('link', { name: 'Start a campaign' }).click();
  await expect(site.page.getByRole('heading', { name: 'New campaign' })).toBeVisible();
  await site.page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(site.page.locator('.status')).toHaveText('Draft');
  return new URL(site.page.url()).pathname;
}

/** The customer number /account shows. */
async function customerNumber(site: ClickwiseSite): Promise<string> {
  await site.open('/account');
  return (await site.page.locator('dt:text-is("Customer number") + dd').textContent()) ?? '';
}

/** Waits until the provider has delivered a new `user.deleted` event to Clickwise and it answered 200. */
async function expectUserDeletedDelivered(before: Set<string>) {
  await expect
    .poll(async () => (await userDeletedDeliveries()).find((each) => !before.has(each.eventId)) ?? null, {
      timeout: 30_000,
    })
    .toMatchObject({ state: 'delivered', statusCode: 200, responseExcerpt: '{"ok":true}' });
}

test.beforeAll(async () => {
  // Clickwise registers its endpoint in the background at start; an event before that is not sent to it.
  await expect.poll(clickwiseWebhookEndpointId, { timeout: 30_000 }).not.toBeNull();
});

test('a person deletes their Clickwise account: confirmed, deleted at Latchkey, and Clickwise’s data goes with it', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('clickwise-delete');
  const { page, site, close } = await signedIn(browser, request, email);
  // A second device of the same person: its Clickwise session lives only in Clickwise's database.
  const other = await signedIn(browser, request, email, PHONE);
  const draft = await createDraft(site);
  const firstNumber = await customerNumber(site);
  const firstUserId = await latchkeyUserIdOf(email);
  expect(firstUserId).not.toBeNull();
  const earlierDeliveries = new Set((await userDeletedDeliveries()).map((each) => each.eventId));

  await test.step('"Delete account…" opens a confirmation that names what goes; focus moves to it', async () => {
    await page.getByRole('link', { name: 'Delete account…' }).click();
    const confirmation = page.getByRole('region', { name: 'Delete your Clickwise account?' });
    await expect(confirmation).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delete your Clickwise account?' })).toBeFocused();
    await expect(confirmation).toContainText(email);
    await expect(confirmation).toContainText('1 campaign, drafts included');
    await expect(confirmation).toContainText('This cannot be undone.');
    await snapshot(page, 'clickwise-account-delete-confirm-desktop');
    await expectNoAxeViolations(page, 'body');
  });

  await test.step('"Keep my account" closes it, by keyboard, with nothing deleted', async () => {
    await page.getByRole('link', { name: 'Keep my account' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Delete your Clickwise account?' })).toBeHidden();
    await site.open(draft);
    await expect(page.locator('.status')).toHaveText('Draft');
  });

  await test.step('at 360 px the confirmation fits', async () => {
    await other.site.open('/account?delete=confirm');
    const confirmation = other.page.getByRole('region', { name: 'Delete your Clickwise account?' });
    await expect(confirmation).toBeVisible();
    expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await snapshot(other.page, 'clickwise-account-delete-confirm-360');
    await expectNoAxeViolations(other.page, 'body');
    await other.site.open('/account');
  });

  await test.step('"Delete my account" (keyboard) deletes it, signs out and says so', async () => {
    await site.open('/account?delete=confirm');
    await page.getByRole('button', { name: 'Delete my account' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${clickwiseUrl}/?account_deleted=1`);
    await expect(page.getByRole('status').filter({ hasText: 'account has been deleted' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await snapshot(page, 'clickwise-account-deleted-desktop');
    expect(await latchkeyUserIdOf(email)).toBeNull();
  });

  await test.step('the webhook reaches Clickwise, which deletes the user: the other device is signed out', async () => {
    await expectUserDeletedDelivered(earlierDeliveries);
    await other.page.reload();
    await expect(other.page.getByRole('heading', { name: 'Account', exact: true })).toBeHidden();
    await expect(other.site.signInDialog).toBeVisible();
  });

  await test.step('signing in again with the same email is a new user, with no campaigns', async () => {
    await other.close();
    const again = await signedIn(browser, request, email);
    const secondUserId = await latchkeyUserIdOf(email);
    expect(secondUserId).not.toBeNull();
    expect(secondUserId).not.toBe(firstUserId);
    expect(await customerNumber(again.site)).not.toBe(firstNumber);
    await again.site.open('/campaigns');
    await expect(again.page.getByRole('heading', { name: 'Your campaigns' })).toBeVisible();
    await expect(again.page.getByRole('row', { name: /buy running shoes/i })).toHaveCount(0);
    // The old draft is gone: not found for anyone.
    expect((await again.page.goto(`${clickwiseUrl}${draft}`))?.status()).toBe(404);
    await again.close();
  });
  await close();
});

test('an operator deletes the user with the server API: Clickwise’s data goes too', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('clickwise-operator-delete');
  const { page, site, close } = await signedIn(browser, request, email);
  const draft = await createDraft(site);
  const userId = await latchkeyUserIdOf(email);
  expect(userId).not.toBeNull();
  const earlierDeliveries = new Set((await userDeletedDeliveries()).map((each) => each.eventId));

  // DELETE /v1/users/{id} with the project secret, as an operator's script would.
  await clickwiseLatchkey().users.delete(userId ?? '');

  await expectUserDeletedDelivered(earlierDeliveries);
  // Nothing in the browser changed, yet the Clickwise session is gone with the user.
  await site.open(draft);
  await expect(page.locator('.status')).toBeHidden();
  await site.open('/account');
  await expect(site.signInDialog).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeHidden();
  await close();
});

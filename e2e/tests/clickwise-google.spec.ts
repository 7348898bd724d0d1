// Clickwise with "Sign in with Google" on a fresh clone: nothing configured, the modal offers
// Google because the dev project has it (through the provider's development OpenID issuer, whose
// page takes any name and address). A visitor tries a term, starts a campaign and signs in through
// Latchkey's OAuth redirect flow; it comes back to Clickwise's /user/authenticate, whose server
// redeems the token with the project secret (@latchkey/node → POST /v1/oauth/authenticate) and
// sets the site's own cookie.
import { ClickwiseSite } from '../pages/clickwise-site.js';
import { DevSignInPage } from '../pages/dev-sign-in-page.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { clickwiseUrl } from '../support/stack.js';

test.use({ viewport: { width: 1280, height: 800 } });

/** From the landing page: an estimate, then 'Start a campaign', which asks to sign in. Returns the campaign path. */
async function startCampaignAsVisitor(site: ClickwiseSite, term: string): Promise<string> {
  await site.open();
  await site.tryTerm(term);
  await expect(site.resultsPanel).toHaveAttribute('data-state', 'results');
  await site.resultsPanel.getByRole('link', { name: 'Start a campaign' }).click();
  await expect(site.page).toHaveURL(/\/campaign\?adhoc_result=[A-Za-z0-9_-]{16}$/);
  await expect(site.signInDialog).toBeVisible();
  const url = new URL(site.page.url());
  return url.pathname + url.search;
}

test('a visitor starts a campaign with Google, and signing in with Google again finds the same user', async ({
  page,
}) => {
  const site = new ClickwiseSite(page);
  const login = `clickwise-g${Date.now()}`;
  const email = `${login}@example.com`;
  let campaignPath = '';

  await test.step('the sign-in modal offers Google above the email form, accessibly', async () => {
    campaignPath = await startCampaignAsVisitor(site, 'buy running shoes');
    await expect(site.googleButton).toBeVisible();
    await expect(site.widgetEmail).toBeVisible();
    await expect(site.signInDialog.locator('#signin-message')).toContainText('Sign in to continue');
    expect(await site.storedReturnLocation()).toBe(campaignPath);
    await snapshot(page, 'clickwise-20-sign-in-modal-google');
    await expectNoAxeViolations(page, '#signin-container');
  });

  await test.step('Continue with Google → Google → back on the campaign, signed in and prefilled', async () => {
    await site.googleButton.click();
    await site.signInAtGoogle(login);
    await expect(page).toHaveURL(`${clickwiseUrl}${campaignPath}`);
    await expect(page.getByRole('heading', { name: 'New campaign' })).toBeVisible();
    expect(await site.storedReturnLocation()).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { user_id: number }).user_id)).toBeGreaterThan(0);
    await expect(page.getByLabel('Search terms (one per line)')).toHaveValue('buy running shoes');
    await expect(page.getByLabel('Campaign name')).toHaveValue('Buy running shoes campaign');
    await expect(page.getByRole('navigation', { name: 'Main' })).toContainText(email);
    // No token is left in the address bar or in the browser's Latchkey cookies: the server holds the session.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('stytch_session');
    await snapshot(page, 'clickwise-21-google-signed-in-campaign');
    await page.getByLabel('Campaign name').fill('Google runner');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('heading', { name: 'Google runner' })).toBeVisible();
  });

  await test.step('sign out, then Google again: the same Clickwise user, campaign and all', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    const customerNumber = await page.locator('dt:has-text("Customer number") + dd').textContent();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${clickwiseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(site.signInDialog).toBeVisible();
    await site.googleButton.click();
    await site.signInAtGoogle(login);
    await expect(page).toHaveURL(`${clickwiseUrl}/campaigns`);
    await expect(page.getByRole('row', { name: /Google runner/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expect(page.locator('dt:has-text("Customer number") + dd')).toHaveText(customerNumber ?? '');
  });
});

test('cancelling at Google reopens the sign-in with the reason; the next try still reaches the campaign', async ({
  page,
}) => {
  const site = new ClickwiseSite(page);
  const campaignPath = await startCampaignAsVisitor(site, 'pizza delivery');

  await test.step('cancel at Google: back on Clickwise, the modal says why, nothing signed in', async () => {
    await site.googleButton.click();
    const google = new DevSignInPage(page);
    await google.expectShown('Google');
    await google.cancelButton.click();
    await expect(page).toHaveURL(/\/user\/authenticate\?stytch_token_type=oauth&error=oauth_user_cancelled/);
    await expect(site.signInDialog).toBeVisible();
    await expect(site.signInDialog.locator('#signin-message')).toHaveText(
      'Sign-in with Google was cancelled.',
    );
    await expect(page.getByRole('heading', { name: 'Sign-in did not work' })).toBeAttached();
    await expect(site.googleButton).toBeVisible();
    // Where the visitor was going survives the failed round trip.
    expect(await site.storedReturnLocation()).toBe(campaignPath);
    expect(await page.evaluate(() => (window as unknown as { user_id: number }).user_id)).toBe(0);
    await snapshot(page, 'clickwise-22-google-cancelled');
    await expectNoAxeViolations(page, '#signin-container');
  });

  await test.step('Google again from the reopened modal lands on the prefilled campaign', async () => {
    await site.googleButton.click();
    await site.signInAtGoogle(`clickwise-c${Date.now()}`);
    await expect(page).toHaveURL(`${clickwiseUrl}${campaignPath}`);
    await expect(page.getByLabel('Search terms (one per line)')).toHaveValue('pizza delivery');
  });
});

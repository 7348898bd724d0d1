// The admin console (issue 21), as an operator meets it: invited, they sign up with a password and
// an authenticator app, add a passkey and sign in with it (a virtual authenticator), create a
// project, add an origin (a bad one is refused inline first), configure an OAuth provider against
// the development OpenID issuer and test it in a popup, and rotate the secret after a step-up.
// One sign-in serves every step; every page is checked with axe and kept at desktop and 360 px.
import { DevSignInPage } from '../pages/dev-sign-in-page.js';
import { addPasskeyAndSignInWithIt, DESKTOP, joinAsInvitedOperator, look } from '../support/console.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { providerUrl } from '../support/stack.js';
import type { VirtualAuthenticator } from '../support/virtual-authenticator.js';

test('an operator signs in with a passkey, creates and configures a project, and rotates its secret after a step-up', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize(DESKTOP);
  const email = uniqueEmail('operator');
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  let authenticator: VirtualAuthenticator;

  await test.step('an invited operator signs up with a password and an authenticator app', async () => {
    ({ authenticator } = await joinAsInvitedOperator(page, request, email, (name) => look(page, name)));
  });

  await test.step('adds a passkey, then signs out and back in with it', async () => {
    await addPasskeyAndSignInWithIt(page, authenticator, email, (name) => look(page, name));
  });

  await test.step('creates a project, whose secret is shown once', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Projects' }).click();
    await expect(heading('Projects')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Projects' })).toBeVisible();
    await look(page, '05-projects');
    await page.getByLabel('Name').fill('Console demo');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { name: 'Console demo is ready' })).toBeFocused();
    await expect(page.getByRole('img', { name: 'Secret hidden' })).toBeVisible();
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect(page.getByText(/^secret-test-[A-Za-z0-9_-]{43}$/)).toBeVisible();
    await look(page, '06-project-created');
    await page.getByRole('button', { name: 'Configure Console demo' }).click();
    await expect(heading('Console demo settings')).toBeVisible();
  });

  await test.step('adds an origin: a bad one is refused inline, a good one is saved and survives a reload', async () => {
    const origins = page.getByRole('group', { name: 'Allowed origins' });
    await origins.getByRole('textbox').fill('https://app.example.com/login');
    await origins.getByRole('button', { name: 'Add' }).click();
    await expect(origins.getByRole('alert')).toContainText('Enter an origin');
    await expect(origins.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await look(page, '07-settings-bad-origin');
    await origins.getByRole('textbox').fill('https://app.example.com');
    await origins.getByRole('textbox').press('Enter');
    await expect(origins.getByText('https://app.example.com', { exact: true })).toBeVisible();
    await expect(origins.getByRole('alert')).toHaveCount(0);
    await page.getByRole('radio', { name: /Length and character kinds/ }).check();
    await page.getByLabel('Try a password').fill('abc');
    await expect(page.getByText('Refused', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await look(page, '08-settings-saved');
    await page.reload();
    await expect(heading('Console demo settings')).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Allowed origins' })
        .getByText('https://app.example.com', { exact: true }),
    ).toBeVisible();
  });

  await test.step('configures Google through the development issuer and tests the sign-in in a popup', async () => {
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'OAuth providers' })
      .click();
    await expect(heading('Console demo OAuth providers')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No OAuth providers yet' })).toBeVisible();
    await look(page, '09-oauth-empty');
    await page.getByRole('button', { name: 'Allow them' }).click();
    await expect(page.getByRole('button', { name: 'Allow them' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Use the development issuer' }).click();
    await page.getByRole('button', { name: 'Save provider' }).click();
    const card = page.getByRole('list', { name: 'OAuth providers' }).getByRole('listitem');
    await expect(card.getByRole('heading', { name: 'google' })).toBeVisible();
    const popupOpened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Test sign-in' }).click();
    const popup = await popupOpened;
    const devPage = new DevSignInPage(popup);
    await devPage.expectShown('Google');
    await devPage.signInAs('tester@example.com', 'Test Person');
    await expect(card.getByRole('status')).toHaveText('Signed in as tester@example.com (google).');
    await popup.close();
    await look(page, '10-oauth-tested');
  });

  await test.step('rotating the secret asks for a factor after 5 minutes, then shows the new secret once', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).click();
    await expect(heading('Console demo API keys')).toBeVisible();
    await look(page, '11-keys');
    const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 6 * 60 } });
    expect(moved.ok()).toBe(true);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(dialog).toBeVisible();
    await look(page, '12-step-up');
    await dialog.getByRole('button', { name: 'Use my passkey' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('img', { name: 'New secret hidden' })).toBeVisible();
    // Focus lands on the secret just minted, not on the page's start.
    await expect(page.locator('.secret:focus')).toContainText('New secret');
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect(page.getByText(/^secret-test-[A-Za-z0-9_-]{43}$/)).toBeVisible();
    await expect(page.getByText(/The previous secret still works until/)).toBeVisible();
    await look(page, '13-secret-rotated');
  });
});

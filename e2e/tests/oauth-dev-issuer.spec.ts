// Issue 17 item 1, as a first-time user meets it: on a fresh clone (`npm start`, nothing
// configured) the demo's 'Continue with Google' and 'Continue with GitHub' sign in through the
// provider's development OpenID issuer, whose page takes any name and address; a cancelled or
// refused sign-in comes back to the demo with the message and a working way to try again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DevSignInPage } from '../pages/dev-sign-in-page.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { demoUrl, e2eDataDir, providerUrl } from '../support/stack.js';

const PAGE = '/?login=oauth';
const PHONE = { width: 360, height: 780 };

/** Console warnings and errors the page logs from now on (the demo's missing favicon aside). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.location().url.endsWith('/favicon.ico')) return;
    if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

test('Continue with Google signs in on a fresh clone: the development sign-in page, no configuration typed', async ({
  demo,
  page,
}) => {
  const email = `ada${Date.now()}@example.com`;
  const problems = consoleProblems(page);
  const google = demo.widget.root.getByRole('button', { name: 'Continue with Google' });
  const devPage = new DevSignInPage(page);

  await test.step('the demo offers Google and GitHub, and no One Tap (the dev project has no Google of its own)', async () => {
    await page.goto(PAGE);
    await expect(google).toBeVisible();
    await expect(demo.widget.root.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await expect(page.locator('#lk-google-one-tap')).toHaveCount(0);
    // No warning about One Tap or anything else on a fresh install.
    expect(problems).toEqual([]);
  });

  await test.step('the press goes to the provider’s development sign-in page, clearly not Google', async () => {
    await google.click();
    await devPage.expectShown('Google');
    await expect(devPage.name).toBeFocused();
    await expect(devPage.verified).toBeChecked();
    await snapshot(page, 'oauth-dev-10-consent-desktop');
    await expectNoAxeViolations(page, 'body');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snapshot(page, 'oauth-dev-11-consent-360');
  });

  await test.step('typing a name and an address and pressing Enter signs in (keyboard only)', async () => {
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await expect(devPage.email).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await demo.expectSignedIn(email);
    await expect(page).toHaveURL(`${demoUrl}${PAGE}`);
    await snapshot(page, 'oauth-dev-12-signed-in-360');
  });
});

test('Continue with GitHub signs in the same way; the same address is the same person', async ({
  demo,
  page,
}) => {
  const email = `linus${Date.now()}@example.com`;
  const devPage = new DevSignInPage(page);
  const github = demo.widget.root.getByRole('button', { name: 'Continue with GitHub' });
  await page.goto(PAGE);
  await github.click();
  await devPage.expectShown('GitHub');
  await devPage.signInAs(email, 'Linus');
  await demo.expectSignedIn(email);
  const firstUser = await page.locator('#account-user-id').textContent();

  await demo.logoutButton.click();
  await demo.expectSignedOut();
  await demo.widget.root.getByRole('button', { name: 'Continue with Google' }).click();
  await devPage.expectShown('Google');
  // The page remembers who signed in last in this browser.
  await expect(devPage.email).toHaveValue(email);
  await expect(devPage.name).toHaveValue('Linus');
  await devPage.continueButton.click();
  await demo.expectSignedIn(email);
  await expect(page.locator('#account-user-id')).toHaveText(firstUser ?? '');
});

test('a mistyped address is caught on the page with the message at the field, nothing lost', async ({
  demo,
  page,
}) => {
  const devPage = new DevSignInPage(page);
  await page.goto(PAGE);
  await demo.widget.root.getByRole('button', { name: 'Continue with Google' }).click();
  await devPage.expectShown('Google');
  await devPage.signInAs('grace@', 'Grace Hopper');

  await expect(devPage.errorSummary).toBeFocused();
  await expect(devPage.errorSummary).toContainText('Enter an email address like name@example.com.');
  await expect(devPage.email).toHaveAttribute('aria-invalid', 'true');
  await expect(devPage.email).toHaveAccessibleDescription(/Enter an email address like name@example\.com\./);
  await expect(devPage.name).toHaveValue('Grace Hopper');
  await expect(devPage.email).toHaveValue('grace@');
  await expect(page).toHaveTitle('Error: Development sign-in for Google · Latchkey');
  await expectNoAxeViolations(page, 'body');
  await snapshot(page, 'oauth-dev-13-consent-error-desktop');
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snapshot(page, 'oauth-dev-14-consent-error-360');

  // The summary's link takes the person to the field.
  await devPage.errorSummary.getByRole('link').click();
  await expect(devPage.email).toBeFocused();
  const email = `grace${Date.now()}@example.com`;
  await devPage.email.fill(email);
  await devPage.continueButton.click();
  await demo.expectSignedIn(email);
});

test('Cancel comes back to the demo with the message on the widget, and trying again signs in', async ({
  demo,
  page,
}) => {
  const devPage = new DevSignInPage(page);
  const google = demo.widget.root.getByRole('button', { name: 'Continue with Google' });
  const notice = demo.widget.root.getByRole('alert');

  await test.step('Cancel: back on the demo page, not signed in, the widget says what happened', async () => {
    await page.goto(PAGE);
    await google.click();
    await devPage.expectShown('Google');
    await devPage.cancelButton.click();
    await page.waitForURL((url) => url.origin === demoUrl);
    await expect(notice).toHaveText('Sign-in was cancelled. Try again, or choose another way to sign in.');
    await expect(notice).toBeFocused();
    // The error left the address bar; the widget keeps the message and the buttons.
    await expect(page).toHaveURL(`${demoUrl}${PAGE}`);
    await expect(google).toBeEnabled();
    await demo.expectSignedOut();
    expect((await page.context().cookies()).find((c) => c.name === 'stytch_session')).toBeUndefined();
    await expectNoAxeViolations(page);
    await snapshot(page, 'oauth-dev-15-cancelled-desktop');
    await page.setViewportSize(PHONE);
    await snapshot(page, 'oauth-dev-16-cancelled-360');
  });

  await test.step('Continue with Google again: the development page, then signed in', async () => {
    await google.click();
    await devPage.expectShown('Google');
    const email = `retry${Date.now()}@example.com`;
    await devPage.signInAs(email);
    await demo.expectSignedIn(email);
  });
});

test('a provider the project lacks sends the browser back to the page with the message, not to a dead end', async ({
  demo,
  page,
}) => {
  // The "Google demo" project has Google only; its page offers no GitHub button, so this is what an
  // old link or a stale page would do.
  const project = JSON.parse(readFileSync(join(e2eDataDir, 'google-project.json'), 'utf8')) as {
    public_token: string;
  };
  const back = `${demoUrl}/authenticate?login=oauth&project=google`;
  const start = new URL(`${providerUrl}/v1/public/oauth/github/start`);
  start.searchParams.set('public_token', project.public_token);
  start.searchParams.set('login_redirect_url', back);
  await page.goto(start.href);
  await page.waitForURL((url) => url.origin === demoUrl);
  await expect(demo.widget.root.getByRole('alert')).toHaveText(
    'That sign-in option is not set up for this site yet. Choose another way to sign in.',
  );
  await expect(demo.widget.root.getByRole('button', { name: 'Continue with GitHub' })).toHaveCount(0);
  await expect(demo.widget.emailInput).toBeVisible();
  await snapshot(page, 'oauth-dev-17-not-configured-desktop');
});

test('with no allow-listed page to go back to, the provider’s page says why and goes back', async ({
  demo,
  page,
}) => {
  const project = JSON.parse(readFileSync(join(e2eDataDir, 'google-project.json'), 'utf8')) as {
    public_token: string;
  };
  await page.goto('/?login=oauth&project=google');
  await expect(demo.widget.root.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  // A redirect URL the project does not allow is never gone to, not even with the error.
  const start = new URL(`${providerUrl}/v1/public/oauth/google/start`);
  start.searchParams.set('public_token', project.public_token);
  start.searchParams.set('login_redirect_url', 'https://evil.example/authenticate');
  await page.goto(start.href);
  await expect(page.getByRole('heading', { name: 'Sign-in could not continue' })).toBeVisible();
  await expect(page.getByText('invalid_redirect_url')).toBeVisible();
  const goBack = page.getByRole('button', { name: 'Go back' });
  await expect(goBack).toBeVisible();
  await snapshot(page, 'oauth-dev-18-provider-error-desktop');
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snapshot(page, 'oauth-dev-19-provider-error-360');
  await goBack.click();
  await page.waitForURL((url) => url.origin === demoUrl);
  await expect(demo.widget.root.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

// A person who forgot their password resets it from the emailed link.

import type { Page } from '@playwright/test';
import { PasswordScreens } from '../pages/password-screens.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, snapshotAtBothWidths, test } from '../support/fixtures.js';
import { holdRequests } from '../support/hold-requests.js';
import { magicLinkIn, resetLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { sdkPost } from '../support/provider-api.js';
import { demoUrl, providerUrl } from '../support/stack.js';

const OLD = 'amber lantern over the hills';
const NEW = 'seven quiet otters rowing';

/** 'Forgot Password?' for `email` on the login form at `origin`, until 'Forgot password?' shows. */
async function forgotPassword(page: Page, email: string, origin = demoUrl): Promise<void> {
  const passwords = new PasswordScreens(page);
  await page.goto(`${origin}/?login=passwords`);
  await passwords.root.getByRole('textbox', { name: 'Email' }).fill(email);
  await passwords.root.getByRole('button', { name: /continue with email/i }).click();
  await expect(passwords.loginHeading).toBeVisible();
  await passwords.forgotButton.click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
}

test('forgot password → reset email → new password works and the old one does not', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('rex');
  const passwords = new PasswordScreens(page);
  await sdkPost(request, '/passwords', { email, password: OLD, session_duration_minutes: 30 });
  let link = '';

  await test.step("'Forgot Password?' on the login form sends the reset email", async () => {
    await page.goto('/?login=passwords');
    await demo.widget.continueWithEmail(email);
    await expect(passwords.loginHeading).toBeVisible();
    await passwords.forgotButton.click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByText(`A link to reset your password was sent to you at ${email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login without a password' })).toBeVisible();
    await snapshot(page, '26-password-forgot');
    await expectNoAxeViolations(page);
  });

  await test.step('the link in the email opens the reset form, which sets the new password', async () => {
    const [message] = await waitForMessages(request, email, 1);
    link = resetLinkIn(message!);
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.goto(link);
    await expect(passwords.resetHeading).toBeVisible();
    // The token left the address bar; the widget kept its copy.
    expect(page.url()).not.toContain('token=');
    await expect(page.getByRole('button', { name: 'Login without a password' })).toBeVisible();
    // The link was checked first (issue 17): the form names the account it is for.
    const account = passwords.root.getByRole('textbox', { name: 'Email' });
    await expect(account).toHaveValue(email);
    await expect(account).toBeDisabled();
    await snapshotAtBothWidths(page, '17-reset-form-for-account');
    // Checking consumes nothing: the same link, opened again, still offers the form.
    await page.goto(link);
    await expect(account).toHaveValue(email);
    await passwords.newPasswordInput.fill(NEW);
    await passwords.expectMeter(['strong', 'strong', 'strong', 'strong']);
    await snapshot(page, '27-password-reset-form');
    await expectNoAxeViolations(page);
    await passwords.continueButton.click();
    await demo.expectSignedIn(email);
  });

  await test.step('the used reset link says so at once, and sends a new one to the same address', async () => {
    await demo.logoutButton.click();
    await demo.expectSignedOut();
    await page.goto(link);
    const heading = page.getByRole('heading', { name: 'This reset link no longer works' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(
      page.getByText('It was already used or has expired: each link works only once, for a limited time.'),
    ).toBeVisible();
    // Nothing to type into a dead link; the address is the one this browser asked for.
    await expect(passwords.newPasswordInput).toHaveCount(0);
    await expect(page.getByText(`We can send a new link to ${email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to sign in' })).toBeVisible();
    await snapshotAtBothWidths(page, '17-reset-link-used');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByText(`A link to reset your password was sent to you at ${email}.`)).toBeVisible();
    const [newest] = await waitForMessages(request, email, 2);
    const fresh = resetLinkIn(newest!);
    expect(fresh).not.toBe(link);
    await page.goto(fresh);
    await expect(passwords.root.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(demo.account).toBeHidden();
  });

  await test.step('the old password is refused and the new one signs in', async () => {
    await page.goto('/?login=passwords');
    await demo.widget.continueWithEmail(email);
    await passwords.logIn(OLD);
    await expect(passwords.error).toBeVisible();
    await passwords.logIn(NEW);
    await demo.expectSignedIn(email);
  });
});

test("the reset form's 'Login without a password' signs in with the link alone", async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('liv');
  const passwords = new PasswordScreens(page);
  await sdkPost(request, '/passwords', { email, password: OLD, session_duration_minutes: 30 });
  await sdkPost(request, '/passwords/email/reset/start', {
    email,
    reset_password_redirect_url: `${demoUrl}/reset-password?login=passwords`,
  });
  const [message] = await waitForMessages(request, email, 1);
  const link = resetLinkIn(message!);
  // The reset token is redeemed at the reset family's own endpoint; a reset token is no magic
  // link, and /magic_links/authenticate refuses it (issue 16). Hold the answer a moment so the
  // busy button can be seen.
  const magicLinkCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/sdk/v1/magic_links/authenticate')) magicLinkCalls.push(sent.url());
  });
  const release = await holdRequests(page, '**/sdk/v1/passwords/email/reset/login');

  await test.step("the button signs in with the reset token alone, 'Logging in...' meanwhile", async () => {
    await page.goto(link);
    await expect(passwords.resetHeading).toBeVisible();
    await page.getByRole('button', { name: 'Login without a password' }).click();
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    await demo.expectSignedIn(email);
    expect(magicLinkCalls).toEqual([]);
  });

  await test.step('the token is spent: the same link says so and cannot sign in again', async () => {
    await demo.logoutButton.click();
    await demo.expectSignedOut();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This reset link no longer works' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login without a password' })).toHaveCount(0);
    await expect(demo.account).toBeHidden();
  });

  await test.step('the password did not change', async () => {
    await page.goto('/?login=passwords');
    await demo.widget.continueWithEmail(email);
    await passwords.logIn(OLD);
    await demo.expectSignedIn(email);
  });
});

test("the reset email's login link signs in at once, showing 'Logging in' meanwhile", async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('lin');
  await sdkPost(request, '/passwords', { email, password: OLD, session_duration_minutes: 30 });
  await sdkPost(request, '/passwords/email/reset/start', {
    email,
    reset_password_redirect_url: `${demoUrl}/reset-password?login=passwords`,
    login_redirect_url: `${demoUrl}/reset-password?login=passwords`,
  });
  const [message] = await waitForMessages(request, email, 1);
  const link = resetLinkIn(message!, 'login');
  expect(new URL(link).searchParams.get('stytch_token_type')).toBe('login');

  // Hold the real provider's answer a moment so the interim screen can be seen.
  const release = await holdRequests(page, '**/sdk/v1/magic_links/authenticate');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Logging in', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await snapshot(page, '29-password-reset-logging-in');
  release();
  await demo.expectSignedIn(email);
});

test("the reset email's login link returns to the page it was asked from, not the demo's default address", async ({
  demo,
  page,
  request,
}) => {
  // The same host page served from another origin: http://127.0.0.1, not the provider's
  // development default (http://localhost:4100/authenticate) nor this stack's localhost.
  const elsewhere = demoUrl.replace('localhost', '127.0.0.1');
  const email = uniqueEmail('ria');
  await sdkPost(request, '/passwords', { email, password: OLD, session_duration_minutes: 30 });
  await forgotPassword(page, email, elsewhere);
  const [message] = await waitForMessages(request, email, 1);
  const login = resetLinkIn(message!, 'login');
  expect(login.startsWith(`${elsewhere}/authenticate?login=passwords&stytch_token_type=login&token=`)).toBe(
    true,
  );
  expect(message!.html).not.toContain('localhost:4100');
  await page.goto(login);
  await demo.expectSignedIn(email);
  expect(new URL(page.url()).origin).toBe(elsewhere);
});

test('a used login link says so, and sends a new link to the same address', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('uma');
  await sdkPost(request, '/passwords', { email, password: OLD, session_duration_minutes: 30 });
  await forgotPassword(page, email);
  const [message] = await waitForMessages(request, email, 1);
  const login = resetLinkIn(message!, 'login');

  await test.step('the link signs in once', async () => {
    await page.goto(login);
    await demo.expectSignedIn(email);
    await demo.logoutButton.click();
    await demo.expectSignedOut();
  });

  await test.step('opened again, it says it no longer works instead of "Logging in"', async () => {
    await page.goto(login);
    const heading = page.getByRole('heading', { name: 'This login link no longer works' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Logging in', exact: true })).toHaveCount(0);
    await expect(page.getByText(`We can send a new link to ${email}.`)).toBeVisible();
    await snapshotAtBothWidths(page, '17-login-link-used');
    await expectNoAxeViolations(page);
  });

  await test.step("'Send a new link' emails a magic link to that address, and it signs in", async () => {
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(demo.widget.checkEmailHeading).toBeVisible();
    await expect(page.getByText(`An email was sent to ${email}`)).toBeVisible();
    const [newest] = await waitForMessages(request, email, 2);
    await page.goto(magicLinkIn(newest!));
    await demo.expectSignedIn(email);
  });
});

test("an expired login link says so; 'Back to sign in' opens the form with the address", async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('eli');
  await sdkPost(request, '/passwords', { email, password: OLD, session_duration_minutes: 30 });
  await forgotPassword(page, email);
  const [message] = await waitForMessages(request, email, 1);
  // The demo asks for 30-minute reset links; the provider's clock moves past them.
  const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 31 * 60 } });
  expect(moved.ok()).toBe(true);

  await page.goto(resetLinkIn(message!, 'login'));
  await expect(page.getByRole('heading', { name: 'This login link no longer works' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Back to sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(demo.widget.emailInput).toHaveValue(email);
  await demo.expectSignedOut();
});

test('a reset link opened in another browser offers a new link to a typed address', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('ivo');
  await sdkPost(request, '/passwords', { email, password: OLD, session_duration_minutes: 30 });
  await sdkPost(request, '/passwords/email/reset/start', {
    email,
    reset_password_redirect_url: `${demoUrl}/reset-password?login=passwords`,
  });
  const [first] = await waitForMessages(request, email, 1);
  await sdkPost(request, '/passwords/email/reset/start', {
    email,
    reset_password_redirect_url: `${demoUrl}/reset-password?login=passwords`,
  });
  await waitForMessages(request, email, 2);
  // A browser that never sent a link: it knows no address, and the superseded link tells none.
  const context = await browser.newContext();
  const page = await context.newPage();
  // Hold the real provider's answer to the link check a moment, so the interim screen can be seen.
  const release = await holdRequests(page, '**/sdk/v1/passwords/email/reset/check');
  try {
    await page.goto(resetLinkIn(first!));
    await expect(page.getByText('Checking your link…')).toBeVisible();
    await expect(page.locator('#login').getByLabel('New password')).toHaveCount(0);
    await snapshotAtBothWidths(page, '17-reset-link-checking');
    release();
    await expect(page.getByRole('heading', { name: 'This reset link no longer works' })).toBeVisible();
    const field = page.locator('#login').getByRole('textbox', { name: 'Email' });
    await expect(field).toHaveValue('');
    await snapshotAtBothWidths(page, '17-reset-link-dead-ask-address');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(field).toBeFocused();
    await field.fill(email);
    await field.press('Enter');
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await waitForMessages(request, email, 3);
  } finally {
    await context.close();
  }
});

// A person signs up with a password, logs in, mistypes it, and meets the strength rules.
import { PasswordScreens } from '../pages/password-screens.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { resetLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { sdkPost } from '../support/provider-api.js';
import { signUpWithPasswordBreachedSince } from '../support/range-api.js';

const STRONG = 'violet kettle marching sideways';

test('signs up with a password, logs out, then logs in; a wrong password is refused', async ({
  demo,
  page,
}) => {
  const email = uniqueEmail('pia');
  const passwords = new PasswordScreens(page);

  await test.step('a new address gets the create form with a login-link alternative', async () => {
    await page.goto('/?login=passwords');
    await demo.widget.continueWithEmail(email);
    await expect(passwords.createHeading).toBeVisible();
    await expect(page.getByRole('button', { name: 'Email me a login link' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await expect(passwords.continueButton).toBeDisabled();
  });

  await test.step('a common password fills one red segment and keeps Continue disabled', async () => {
    await passwords.passwordInput.fill('password');
    await passwords.expectMeter(['weak', null, null, null]);
    await expect(page.getByText('This password may have been used on a different site')).toBeVisible();
    await expect(passwords.continueButton).toBeDisabled();
    await snapshot(page, '20-password-create-weak');
  });

  await test.step('a long passphrase fills four green segments and enables Continue', async () => {
    await passwords.passwordInput.fill(STRONG);
    await passwords.expectMeter(['strong', 'strong', 'strong', 'strong']);
    await expect(passwords.continueButton).toBeEnabled();
    await snapshot(page, '21-password-create-strong');
    await expectNoAxeViolations(page);
    await passwords.continueButton.click();
    await demo.expectSignedIn(email);
  });

  await test.step('after logging out, the same address gets the login form', async () => {
    await demo.logoutButton.click();
    await demo.widget.continueWithEmail(email);
    await expect(passwords.loginHeading).toBeVisible();
  });

  await test.step('a wrong password shows the provider message inline and signs nothing in', async () => {
    await passwords.logIn('not my password at all');
    await expect(passwords.error).toBeVisible();
    await expect(passwords.passwordInput).toHaveAttribute('aria-invalid', 'true');
    await expect(demo.account).toBeHidden();
    await snapshot(page, '22-password-login-wrong');
    await expectNoAxeViolations(page);
  });

  await test.step('the right password signs in', async () => {
    await passwords.logIn(STRONG);
    await demo.expectSignedIn(email);
  });
});

test('a LUDS project shows its checklist and refuses a breached password', async ({ demo, page }) => {
  const email = uniqueEmail('lou');
  const passwords = new PasswordScreens(page);
  await page.goto('/?login=passwords&project=luds');
  await demo.widget.continueWithEmail(email);
  await expect(passwords.createHeading).toBeVisible();

  await passwords.passwordInput.fill('Short1');
  await expect(passwords.checklistItems).toHaveCount(2);
  await expect(passwords.checklistItems.nth(0)).toContainText('Must be at least 10 characters long');
  await expect(passwords.checklistItems.nth(0)).toContainText('not done yet');
  await expect(passwords.checklistItems.nth(1)).toContainText(
    'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
  );
  await expect(passwords.checklistItems.nth(1)).toContainText('(done)');

  // Long enough and three kinds of character, but on the breached list.
  await passwords.passwordInput.fill('Password123');
  await expect(
    page.getByText(
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
    ),
  ).toBeVisible();
  await expect(passwords.checklistItems.nth(0)).toContainText('(done)');
  await expect(passwords.continueButton).toBeDisabled();
  await snapshot(page, '23-password-luds-breached');
  await expectNoAxeViolations(page);

  await passwords.passwordInput.fill('Tangerine-Orbit-42');
  await expect(passwords.continueButton).toBeEnabled();
  await passwords.continueButton.click();
  await demo.expectSignedIn(email);
});

test('a passwordless account gets a login link at once, and can create a password instead', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('noa');
  // The account exists from an earlier magic-link sign-up, without a password.
  await sdkPost(request, '/magic_links/email/login_or_create', { email });
  await waitForMessages(request, email, 1);

  await page.goto('/?login=passwords');
  await demo.widget.continueWithEmail(email);
  await expect(demo.widget.checkEmailHeading).toBeVisible();
  const messages = await waitForMessages(request, email, 2);
  expect(messages[0]?.html).toContain('stytch_token_type=magic_links');
  await snapshot(page, '24-password-passwordless-link-sent');

  await page.getByRole('button', { name: 'Create a password instead' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
  await expect(page.getByText(`A login link was sent to you at ${email}.`)).toBeVisible();
  const [reset] = await waitForMessages(request, email, 3);
  expect(reset?.html).toContain('stytch_token_type=reset_password');
});

test('signing up an address that another tab just registered leads to the dedupe check', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('dee');
  const passwords = new PasswordScreens(page);
  await page.goto('/?login=passwords');
  await demo.widget.continueWithEmail(email);
  await expect(passwords.createHeading).toBeVisible();

  // Meanwhile the address signs up by magic link elsewhere, so it is no longer new.
  await sdkPost(request, '/magic_links/email/login_or_create', { email });
  await passwords.passwordInput.fill(STRONG);
  await expect(passwords.continueButton).toBeEnabled();
  await passwords.continueButton.click();

  await expect(page.getByRole('heading', { name: 'Check your email to set a new password!' })).toBeVisible();
  await expect(page.getByText(`A link to set a new password was sent to you at ${email}.`)).toBeVisible();
  await expect(demo.account).toBeHidden();
  const messages = await waitForMessages(request, email, 2);
  expect(messages.some((m) => m.html.includes('stytch_token_type=reset_password'))).toBe(true);
  await snapshot(page, '25-password-dedupe');
  await expectNoAxeViolations(page);
});

test('a password that turned up in a breach after sign-up leads to the breached screen and a reset', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('bri');
  const leaked = `copper ${Date.now().toString(36)} walrus ledger`;
  const passwords = new PasswordScreens(page);

  await test.step('the account signs up while the range API is down (the list alone judges)', async () => {
    await signUpWithPasswordBreachedSince(request, email, leaked);
  });

  await test.step('logging in with it sends a reset email and says why', async () => {
    await page.goto('/?login=passwords');
    await demo.widget.continueWithEmail(email);
    await passwords.logIn(leaked);
    await expect(
      page.getByRole('heading', { name: 'Check your email to set a new password', exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('A different site where you use the same password had a security issue'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
    await expect(demo.account).toBeHidden();
    await snapshot(page, '28-password-breached');
    await expectNoAxeViolations(page);
  });

  await test.step('the emailed link sets a new password, which signs in', async () => {
    const [message] = await waitForMessages(request, email, 1);
    await page.goto(resetLinkIn(message!));
    await passwords.newPasswordInput.fill(STRONG);
    await expect(passwords.continueButton).toBeEnabled();
    await passwords.continueButton.click();
    await demo.expectSignedIn(email);
  });
});

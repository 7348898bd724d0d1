// Issue 17 item 8: a sign-in in the widget ends on 'Success! You have successfully logged in.', and
// the demo page shows it before its account panel takes the widget's place; the page's status
// line always agrees with the session (never 'You have been logged out.' above 'You are signed in').
import type { Page } from '@playwright/test';
import { OtpScreen } from '../pages/otp-screen.js';
import { PasswordScreens } from '../pages/password-screens.js';
import { recordConfirmations, recordedConfirmations } from '../support/confirmation-recorder.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { passcodeIn, uniqueEmail, waitForMessages } from '../support/outbox.js';

const STRONG = 'violet kettle marching sideways';
const LOGGED_IN = 'You have successfully logged in.';

/** The confirmations the page showed so far, once the account panel has taken over. */
async function confirmationsSeen(page: Page) {
  await expect(page.getByRole('region', { name: 'You are signed in' })).toBeVisible();
  return (await recordedConfirmations(page)).confirmations;
}

test('a password sign-up shows the confirmation, then the account panel, which takes focus', async ({
  demo,
  page,
}) => {
  const email = uniqueEmail('sue');
  await recordConfirmations(page, LOGGED_IN);

  await test.step('Continue on the create form shows "Success!" in the widget', async () => {
    await demo.signUpWithPassword(email, STRONG);
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(demo.status).toHaveText('Signed in.');
    await snapshot(page, '90-demo-sign-in-confirmation');
  });

  await test.step('the account panel follows, after the confirmation was on screen to be read', async () => {
    const seen = await confirmationsSeen(page);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.accountHiddenMeanwhile).toBe(true);
    // The demo keeps it for 2 s; a slow machine only lengthens that.
    expect(seen[0]?.shownMs).toBeGreaterThanOrEqual(1500);
    await demo.expectSignedIn(email);
    await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeFocused();
    await expect(demo.widget.root).toBeHidden();
  });
});

test('the status line follows the session: logged out, then signed in again', async ({ demo, page }) => {
  const email = uniqueEmail('stu');
  const passwords = new PasswordScreens(page);
  await recordConfirmations(page, LOGGED_IN);
  await demo.signUpWithPassword(email, STRONG);
  await demo.expectSignedIn(email);

  await demo.logoutButton.click();
  await expect(demo.status).toHaveText('You have been logged out.');
  await demo.expectSignInForm();

  await demo.widget.continueWithEmail(email);
  await passwords.logIn(STRONG);
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(demo.status).toHaveText('Signed in.');
  await demo.expectSignedIn(email);
  await expect(demo.status).toHaveText('Signed in.');
  const record = await recordedConfirmations(page);
  expect(record.contradictions).toEqual([]);
  expect(record.confirmations).toHaveLength(2);
  await snapshot(page, '91-demo-signed-in-again');
});

test('an email code shows its confirmation too', async ({ demo, page, request }) => {
  const email = uniqueEmail('cody');
  const otp = new OtpScreen(page);
  await recordConfirmations(page, LOGGED_IN);
  await page.goto('/?login=codes');
  await demo.widget.openEmailTab();
  await demo.widget.continueWithEmail(email);
  await otp.expectShown();
  await otp.paste(passcodeIn((await waitForMessages(request, email, 1))[0]!));
  const seen = await confirmationsSeen(page);
  expect(seen).toHaveLength(1);
  expect(seen[0]?.accountHiddenMeanwhile).toBe(true);
  expect(seen[0]?.shownMs).toBeGreaterThanOrEqual(1500);
  await demo.expectSignedIn(email);
});

// Issue 17 item 11: the demo page has a favicon, offers a LUDS project beside the strength meter,
// and says how to reach the Breached and Dedupe screens; each recipe it gives works.
import { PasswordScreens } from '../pages/password-screens.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { demoUrl } from '../support/stack.js';

test('the page has its favicon, and nothing it asks for is missing', async ({ page, request }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  const answer = await request.get(new URL(icon ?? '/missing', demoUrl).href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/svg+xml');
  expect(failed).toEqual([]);
});

test('"Password (LUDS rules)" opens the LUDS checklist', async ({ demo, page }) => {
  const passwords = new PasswordScreens(page);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Widget setup' })
    .getByRole('link', { name: 'Password (LUDS rules)' })
    .click();
  await demo.widget.continueWithEmail(uniqueEmail('lucy'));
  await passwords.passwordInput.fill('Short1');
  await expect(passwords.checklistItems.nth(0)).toContainText('Must be at least 10 characters long');
  await expect(passwords.checklistItems.nth(1)).toContainText('Must contain 3 of the following');
  await expect(passwords.continueButton).toBeDisabled();
});

test('the hints name accounts that reach the Breached and Dedupe screens', async ({ demo, page }) => {
  const passwords = new PasswordScreens(page);
  const hints = page.locator('details.hints');
  await page.goto('/');
  await hints.getByText('Try the password checks').click();
  await snapshot(page, '92-demo-password-hints');

  const recipes = [
    { hint: /Breached password/, heading: 'Check your email to set a new password' },
    { hint: /Security check \(dedupe\)/, heading: 'Check your email to set a new password!' },
  ];
  for (const { hint, heading } of recipes) {
    await page.goto('/');
    await hints.getByText('Try the password checks').click();
    const item = hints.getByRole('listitem').filter({ hasText: hint });
    const [email, password] = await item.locator('code').allTextContents();
    await item.getByRole('link', { name: 'Password' }).click();
    await demo.widget.continueWithEmail(email!);
    await passwords.logIn(password!);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(demo.account).toBeHidden();
  }
});

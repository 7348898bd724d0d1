// The admin console (issue 21) past the journey (console-journey.spec.ts): a project's password
// policy with its live strength preview, kept across a reload, and rotating the project's secret,
// which past 5 minutes asks for a factor again (here the operator's authenticator app) and shows
// the new secret once while the previous one keeps working for a while. Every page is checked
// with axe and kept at desktop width and at 360 px.
import {
  confirmWithCode,
  createProject,
  DESKTOP,
  heading,
  look,
  nav,
  passStepUpWindow,
  signInToConsole,
} from '../support/console.js';
import { expect, test } from '../support/fixtures.js';

test('an operator sets a password policy with a live preview, and rotates the secret after a step-up', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize(DESKTOP);
  let totpKey = '';

  await test.step('signs in and creates a project', async () => {
    ({ totpKey } = await signInToConsole(page, request));
    await createProject(page, 'Console demo');
  });

  await test.step('the password policy previews a password as it is typed, and is saved', async () => {
    await page.getByRole('radio', { name: /Length and character kinds/ }).check();
    await page.getByLabel('Try a password').fill('abc');
    await expect(page.getByText('Refused', { exact: true })).toBeVisible();
    await look(page, 'settings-password-policy');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Console demo settings')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Length and character kinds/ })).toBeChecked();
  });

  await test.step('rotating the secret asks for a factor after 5 minutes, then shows the new secret once', async () => {
    await nav(page).getByRole('link', { name: 'API keys' }).click();
    await expect(heading(page, 'Console demo API keys')).toBeVisible();
    await look(page, 'keys');
    await passStepUpWindow(request);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await confirmWithCode(page, request, totpKey);
    await expect(page.getByRole('img', { name: 'New secret hidden' })).toBeVisible();
    // Focus lands on the secret just minted, not on the page's start.
    await expect(page.locator('.secret:focus')).toContainText('New secret');
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect(page.getByText(/^secret-test-[A-Za-z0-9_-]{43}$/)).toBeVisible();
    await expect(page.getByText(/The previous secret still works until/)).toBeVisible();
    await look(page, 'secret-rotated');
  });
});

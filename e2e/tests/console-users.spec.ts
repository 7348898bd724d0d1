// The console's Users pages (issue 21) past the journey (console-journey.spec.ts, which finds,
// signs out and deletes a user among 10 000): the list is newest first, its order switches and
// stays in the address, it pages a page at a time and Back returns to the first page; a search
// survives a reload and the keyboard opens a row; a user's metadata is edited (a mistake is named
// by line and column) and stored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DemoPage } from '../pages/demo-page.js';
import { PasswordScreens } from '../pages/password-screens.js';
import { DESKTOP, developmentOperatorKey, joinAsInvitedOperator, look } from '../support/console.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { pageSession } from '../support/page-session.js';
import { demoUrl, e2eDataDir, providerUrl } from '../support/stack.js';

// More than two pages of users; the journey seeds 10 000.
const SEEDED = 60;

test('an operator walks the users newest or oldest first, finds one and edits their metadata', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize(DESKTOP);
  const dev = JSON.parse(readFileSync(join(e2eDataDir, 'dev-project.json'), 'utf8')) as {
    project_id: string;
    public_token: string;
  };
  const asOperator = {
    authorization: `Bearer ${developmentOperatorKey()}`,
    'latchkey-project-id': dev.project_id,
  };
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const summary = page.locator('.results-summary');
  const userEmail = uniqueEmail('findme');
  const findable = userEmail.split('@')[0] as string;

  await test.step(`${SEEDED} users are seeded in the development project`, async () => {
    const seeded = await request.post(`${providerUrl}/dev/seed_users`, {
      headers: { authorization: asOperator.authorization },
      data: { project_id: dev.project_id, count: SEEDED },
      timeout: 300_000,
    });
    expect(seeded.ok(), await seeded.text()).toBe(true);
  });

  const userContext = await browser.newContext({ baseURL: demoUrl });
  const userPage = await userContext.newPage();
  const demo = new DemoPage(userPage);
  let userSession: { token: string; userId: string };
  await test.step('a person signs up with a password on the demo page', async () => {
    await userPage.goto('/?login=passwords');
    await demo.widget.continueWithEmail(userEmail);
    const passwords = new PasswordScreens(userPage);
    await expect(passwords.createHeading).toBeVisible();
    await passwords.passwordInput.fill('amber lantern drifting homeward');
    await passwords.continueButton.click();
    await demo.expectSignedIn(userEmail);
    const session = await pageSession(userPage);
    expect(session).not.toBeNull();
    userSession = session as { token: string; userId: string };
  });

  await test.step('an operator joins the console', async () => {
    await joinAsInvitedOperator(page, request, uniqueEmail('operator'));
  });

  const rows = page.locator('.users-table tbody tr');
  await test.step('the list is newest first; oldest first is in the address, survives a reload, and pages both ways', async () => {
    await page.goto(`${providerUrl}/console/projects/${dev.project_id}/users`);
    await expect(heading('Users')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(summary).toHaveText(/^Users 1–25 of [\d,]+$/);
    const total = Number(((await summary.textContent()) ?? '').replace(/.* of /, '').replace(/,/g, ''));
    expect(total).toBeGreaterThan(SEEDED);
    // One page of rows in the document, however many users there are.
    await expect(rows).toHaveCount(25);
    // The person signed up last.
    await expect(rows.first()).toContainText(userEmail);
    await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await look(page, 'users-01-list');
    await page.getByLabel('Order').selectOption('oldest');
    await expect(page).toHaveURL(/[?&]order=oldest/);
    await expect(rows.first()).not.toContainText(userEmail);
    await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const oldest = await rows.first().textContent();
    await page.reload();
    await expect(page.getByLabel('Order')).toHaveValue('oldest');
    await expect(rows.first()).toHaveText(oldest ?? '');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(summary).toHaveText(/^Users 26–50 of /);
    expect(new URL(page.url()).searchParams.get('cursor')).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('order')).toBe('oldest');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(summary).toHaveText(/^Users 1–25 of /);
    await expect(rows.first()).toHaveText(oldest ?? '');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(summary).toHaveText(/^Users 26–50 of /);
    await page.goBack();
    await expect(summary).toHaveText(/^Users 1–25 of /);
    await page.getByLabel('Order').selectOption('newest');
    await expect(rows.first()).toContainText(userEmail);
    expect(new URL(page.url()).searchParams.get('order')).toBeNull();
  });

  await test.step('typing part of an address finds the user; the search survives a reload', async () => {
    const box = page.getByRole('searchbox', { name: 'Email or user ID' });
    await box.fill(findable.slice(0, 6));
    await expect(page).toHaveURL(/[?&]q=findme/);
    await box.pressSequentially(findable.slice(6), { delay: 20 });
    // The refined search replaces the address once the typing pauses (the prefix alone already
    // finds this one user, so the summary cannot tell the two searches apart).
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(findable);
    await expect(summary).toHaveText('User 1 of 1');
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Email or user ID' })).toHaveValue(findable);
    const row = page.getByRole('link', { name: userEmail });
    await expect(row).toBeVisible();
    await look(page, 'users-02-found');
    // The keyboard reaches the row and opens it.
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(heading(userEmail)).toBeVisible();
    await expect(heading(userEmail)).toBeFocused();
    await expect(page.getByRole('list', { name: 'Live sessions' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Live sessions' })).toContainText('Chrome');
    await look(page, 'users-03-user');
  });

  await test.step('metadata that is not JSON is named by line and column; a fixed one is saved', async () => {
    const editor = page.getByRole('textbox', { name: 'Trusted metadata', exact: true });
    await editor.fill('{\n  "plan": "pro",\n}');
    await expect(page.getByText(/^Line 3, column 1: Remove the comma/)).toBeVisible();
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Save trusted metadata' })).toBeDisabled();
    await look(page, 'users-04-metadata-error');
    await editor.fill('{\n  "plan": "pro"\n}');
    await page.getByRole('button', { name: 'Save trusted metadata' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    const stored = await request.get(`${providerUrl}/v1/users/${userSession.userId}`, {
      headers: asOperator,
    });
    expect(((await stored.json()) as { trusted_metadata: unknown }).trusted_metadata).toEqual({
      plan: 'pro',
    });
  });

  await userContext.close();
});

// The console's Users pages (issue 21) against the real provider: among 10 000 seeded users an
// operator finds a real one (signed up on the demo page) by typing part of their address, walks
// pages and comes Back, opens them, edits their metadata (a mistake is named by line and column),
// revokes their sessions (the user's next request is refused), and deletes them after a step-up
// with their passkey — then the user is gone from the search and from the server API.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DemoPage } from '../pages/demo-page.js';
import { PasswordScreens } from '../pages/password-screens.js';
import {
  addPasskeyAndSignInWithIt,
  DESKTOP,
  developmentOperatorKey,
  joinAsInvitedOperator,
  look,
} from '../support/console.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { pageSession } from '../support/page-session.js';
import { demoUrl, e2eDataDir, providerUrl } from '../support/stack.js';

const SEEDED = 10_000;

test('an operator finds a user among 10 000, revokes their sessions and deletes them after a step-up', async ({
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
    await demo.widget.emailInput.fill(userEmail);
    await demo.widget.continueButton.click();
    const passwords = new PasswordScreens(userPage);
    await expect(passwords.createHeading).toBeVisible();
    await passwords.passwordInput.fill('amber lantern drifting homeward');
    await passwords.continueButton.click();
    await demo.expectSignedIn(userEmail);
    const session = await pageSession(userPage);
    expect(session).not.toBeNull();
    userSession = session as { token: string; userId: string };
  });

  await test.step('an operator signs in to the console with a passkey', async () => {
    const email = uniqueEmail('operator');
    const { authenticator } = await joinAsInvitedOperator(page, request, email);
    await addPasskeyAndSignInWithIt(page, authenticator, email);
  });

  await test.step('the list pages through the users a page at a time, and Back returns to the first page', async () => {
    await page.goto(`${providerUrl}/console/projects/${dev.project_id}/users`);
    await expect(heading('Users')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(summary).toHaveText(/^Users 1–25 of \d{2},\d{3}$/);
    const total = Number(((await summary.textContent()) ?? '').replace(/.* of /, '').replace(/,/g, ''));
    expect(total).toBeGreaterThan(SEEDED);
    // One page of rows in the document, however many users there are.
    await expect(page.locator('.users-table tbody tr')).toHaveCount(25);
    await look(page, 'users-01-list');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(summary).toHaveText(/^Users 26–50 of /);
    expect(new URL(page.url()).searchParams.get('cursor')).toBeTruthy();
    await page.goBack();
    await expect(summary).toHaveText(/^Users 1–25 of /);
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

  await test.step('revoking every session signs the user out: their next request is refused', async () => {
    await page.getByRole('button', { name: 'Revoke all sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke every session?' });
    await expect(dialog).toBeVisible();
    await look(page, 'users-05-revoke-confirm');
    await dialog.getByRole('button', { name: 'Revoke all sessions' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 session revoked.' })).toBeVisible();
    await expect(page.getByText('No live session: the user is signed out everywhere.')).toBeVisible();
    const me = await request.get(`${providerUrl}/sdk/v1/users/me`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${dev.public_token}:${userSession.token}`).toString('base64')}`,
        origin: demoUrl,
        'x-sdk-parent-host': demoUrl,
      },
    });
    // The wire's answer for an ended session (the hosted provider's): 404 session_not_found.
    expect([me.status(), ((await me.json()) as { error_type: string }).error_type]).toEqual([
      404,
      'session_not_found',
    ]);
    await userPage.reload();
    await demo.expectSignedOut();
  });

  await test.step('deleting asks for the address typed and, past 5 minutes, a fresh passkey', async () => {
    const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 6 * 60 } });
    expect(moved.ok()).toBe(true);
    await page.getByRole('button', { name: 'Delete user' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${userEmail}?` });
    const go = confirm.getByRole('button', { name: 'Delete user' });
    await expect(go).toBeDisabled();
    await confirm.getByLabel(/to confirm/).fill(userEmail);
    await look(page, 'users-06-delete-confirm');
    await go.click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(stepUp).toBeVisible();
    await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
    await expect(heading('Users')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `${userEmail} was deleted.` })).toBeVisible();
  });

  await test.step('the user is gone everywhere', async () => {
    await page.getByRole('searchbox', { name: 'Email or user ID' }).fill(findable);
    await expect(page.getByRole('heading', { name: 'No users match' })).toBeVisible();
    await look(page, 'users-07-none');
    const gone = await request.get(`${providerUrl}/v1/users/${userSession.userId}`, { headers: asOperator });
    expect(gone.status()).toBe(404);
    expect(((await gone.json()) as { error_type: string }).error_type).toBe('user_not_found');
    await page.goto(`${providerUrl}/console/projects/${dev.project_id}/users/${userSession.userId}`);
    await expect(heading('User not found')).toBeVisible();
  });
  await userContext.close();
});

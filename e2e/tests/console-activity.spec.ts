// The console's Activity, Audit log, Emails and Operators pages (issue 21) against the real
// provider: a person signs in on the demo host page with an emailed code, and the operator then
// sees that sign-in counted for its method on the activity page, recorded in the audit log, every
// email the project sends previewed, and invites and removes an operator. Every page is checked
// with axe and kept at desktop width and at 360 px.
import type { APIRequestContext, Page } from '@playwright/test';
import { OtpScreen } from '../pages/otp-screen.js';
import {
  confirmWithCode,
  DESKTOP,
  developmentOperatorKey,
  developmentProjectId,
  joinAsInvitedOperator,
  look as lookAtPage,
  PHONE,
  passStepUpWindow,
} from '../support/console.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { passcodeIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { providerUrl } from '../support/stack.js';

/** Axe, and screenshots at desktop width and at 360 px (the shared look, named for this spec). */
const look = (page: Page, name: string) => lookAtPage(page, `activity-${name}`);

/** The project's one-time-code sign-ins in the last 24 hours, as the API counts them. */
async function otpSignIns(request: APIRequestContext, projectId: string): Promise<number> {
  const response = await request.get(`${providerUrl}/v1/projects/${projectId}/activity?window=24h`, {
    headers: { authorization: `Bearer ${developmentOperatorKey()}` },
  });
  expect(response.ok()).toBe(true);
  return (
    ((await response.json()) as { totals: { sign_ins: Record<string, number> } }).totals.sign_ins.otp ?? 0
  );
}

/** The user the project has for `email` (the server API, as the operator acting on the project). */
async function userIdOf(request: APIRequestContext, projectId: string, email: string): Promise<string> {
  const response = await request.post(`${providerUrl}/v1/users/search`, {
    headers: { authorization: `Bearer ${developmentOperatorKey()}`, 'latchkey-project-id': projectId },
    data: { query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const [user] = ((await response.json()) as { results: Array<{ user_id: string }> }).results;
  return user?.user_id as string;
}

test('the operator sees a sign-in on the activity chart and in the audit log, previews every email, and invites and removes an operator', async ({
  demo,
  page,
  request,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize(DESKTOP);
  const projectId = developmentProjectId();
  const person = uniqueEmail('activity-person');
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const nav = page.getByRole('navigation', { name: 'Console' });
  const before = await otpSignIns(request, projectId);
  let totpKey = '';

  await test.step('a person signs in on the demo page with an emailed code', async () => {
    const otp = new OtpScreen(page);
    await page.goto('/?login=codes');
    await demo.widget.openEmailTab();
    await demo.widget.continueWithEmail(person);
    await otp.expectShown();
    const [message] = await waitForMessages(request, person, 1);
    await otp.paste(passcodeIn(message!));
    await demo.expectSignedIn(person);
  });

  await test.step('an operator joins the console', async () => {
    ({ totpKey } = await joinAsInvitedOperator(page, request, uniqueEmail('activity-operator')));
  });

  await test.step('the activity page counts the sign-in under one-time codes, in the chart and its table', async () => {
    await page.goto(`${providerUrl}/console/projects/${projectId}/activity?window=24h`);
    await expect(heading('Activity')).toBeVisible();
    await expect(page.getByRole('link', { name: '24 hours' })).toHaveAttribute('aria-current', 'page');
    const signIns = page.getByRole('region', { name: 'Sign-ins by method' });
    // The answering process writes its counts before it reads (the 5-second flush is for the others).
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const summary = (await signIns.locator('figcaption').textContent()) ?? '';
      const otp = Number(/(\d+) by one-time code/.exec(summary)?.[1] ?? 0);
      expect(otp).toBeGreaterThanOrEqual(before + 1);
    }).toPass();
    await expect(signIns.locator('canvas').first()).toBeVisible();
    // The legend names each series with its total; uPlot's own ("--" unless hovered) is gone.
    await expect(signIns.getByRole('list', { name: /Legend/ })).toContainText(/One-time code \(\d+\)/);
    await expect(page.locator('.u-legend')).toHaveCount(0);
    const table = signIns.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'One-time code' })).toBeVisible();
    await look(page, '01-activity-24h');
    await page.getByRole('link', { name: '7 days' }).click();
    await expect(page).toHaveURL(/window=7d/);
    await expect(page.getByRole('columnheader', { name: 'Day (UTC)' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
    await look(page, '02-activity-7d');
  });

  await test.step("the project's audit log shows the session, filtered by action, and the filter survives a reload", async () => {
    const userId = await userIdOf(request, projectId, person);
    await nav.getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(heading('Audit log')).toBeVisible();
    await page.getByLabel('Action').fill('session.created');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/action=session\.created/);
    const record = page
      .getByRole('list', { name: 'Records, newest first' })
      .getByRole('listitem')
      .filter({ hasText: userId });
    await expect(record.first()).toBeVisible();
    // In words: what happened and to whom (their address); the stored action and ids under "Record ids".
    await expect(record.first().locator('.audit-title')).toHaveText('Signed in');
    await expect(record.first().getByText(person, { exact: true }).first()).toHaveAttribute('title', userId);
    await expect(record.first().locator('.audit-ids')).toContainText('session.created');
    // The method by its name on the activity page, not its wire value (`otp`).
    await expect(record.first().locator('dt:text-is("Signed in with") + dd')).toHaveText('One-time code');
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('session.created');
    await expect(record.first()).toBeVisible();
    await page.getByLabel('From (UTC)').fill('2030-01-02T00:00');
    await page.getByLabel('Until (UTC)').fill('2030-01-01T00:00');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('alert')).toHaveText('The start of the time range must be before its end.');
    await look(page, '03-audit');
    // At 360 px the filters fold behind one button naming how many apply (they took a whole
    // screen, issue 21), so the records start on the first screen; it unfolds them.
    await page.setViewportSize(PHONE);
    await page.reload();
    const filters = page.getByRole('button', { name: 'Filters (1 active)' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Action')).toBeHidden();
    await expect(record.first()).toBeInViewport();
    await snapshot(page, 'console-activity-03-audit-folded-360');
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Action')).toHaveValue('session.created');
    await page.setViewportSize(DESKTOP);
    await expect(filters).toBeHidden();
  });

  await test.step('the emails page previews every email the project sends', async () => {
    await nav.getByRole('link', { name: 'Emails' }).click();
    await expect(heading('Emails')).toBeVisible();
    const answer = await request.get(`${providerUrl}/v1/projects/${projectId}/email_previews`, {
      headers: { authorization: `Bearer ${developmentOperatorKey()}` },
    });
    const previews = ((await answer.json()) as { email_previews: Array<{ title: string; subject: string }> })
      .email_previews;
    expect(previews.length).toBeGreaterThanOrEqual(10);
    const list = page.getByRole('navigation', { name: 'Emails' });
    for (const preview of previews) {
      await list.getByRole('link', { name: preview.title, exact: true }).click();
      const shown = page.getByRole('region', { name: preview.title });
      await expect(shown.getByText(preview.subject, { exact: true })).toBeVisible();
      const frame = shown.locator('iframe');
      await expect(frame).toHaveAttribute('sandbox', '');
      await expect(
        page.frameLocator(`iframe[title="${preview.title}: the email as HTML"]`).locator('body'),
      ).not.toBeEmpty();
    }
    await list.getByRole('link', { name: previews[0]?.title as string, exact: true }).click();
    await look(page, '04-emails');
  });

  await test.step('the operators page invites an operator, shows the link once, and removes them', async () => {
    const colleague = uniqueEmail('colleague');
    await nav.getByRole('link', { name: 'Operators', exact: true }).click();
    await expect(heading('Operators')).toBeVisible();
    await page.getByLabel('Email address').fill('not-an-address');
    await expect(page.getByText('Enter an email address, such as ada@example.com.')).toBeVisible();
    await page.getByLabel('Email address').fill(colleague);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText(`Send this link to ${colleague}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect(page.getByText(/\/console\/invite#token=/)).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: colleague });
    await expect(card).toContainText('Invited');
    await look(page, '05-operators-invited');
    // Removing asks for a factor again 5 minutes after the sign-in: move past them, so the
    // step-up always comes (however long the steps before took) and is answered.
    await passStepUpWindow(request);
    await card.getByRole('button', { name: 'Cancel invite' }).click();
    await card.getByRole('button', { name: 'Yes, cancel it' }).click();
    await confirmWithCode(page, request, totpKey);
    await expect(
      page.getByRole('status').filter({ hasText: `The invite to ${colleague} no longer works.` }),
    ).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: colleague })).toHaveCount(0);
    await look(page, '06-operators-removed');
  });

  await test.step('the operator audit log records the removal', async () => {
    await nav.getByRole('link', { name: 'Operator audit log' }).click();
    await expect(heading('Operator audit log')).toBeVisible();
    const removal = page.getByRole('list', { name: 'Records, newest first' }).getByRole('listitem').first();
    await expect(removal.locator('.audit-title')).toHaveText('Operator removed');
    await expect(removal.locator('.audit-ids')).toContainText('console_operator.removed');
    await look(page, '07-operator-audit');
  });

  await test.step('the settings page edits send limits and the session claims template', async () => {
    await page.goto(`${providerUrl}/console/projects/${projectId}/settings`);
    await expect(page.getByRole('heading', { name: 'Send limits' })).toBeVisible();
    const claims = page.getByRole('textbox', { name: /Custom claims/ });
    await claims.fill('{"plan": ');
    await expect(page.getByText('Not valid JSON: check the quotes, commas and braces.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await look(page, '08-settings-claims');
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });
});

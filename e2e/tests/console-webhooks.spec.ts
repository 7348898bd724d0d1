// The console's webhooks pages (issue 21), against the real provider and a real receiver: an
// operator adds an endpoint pointing at an HTTP server this test runs on 127.0.0.1 (a bad URL is
// refused inline first), a user created through the server API is delivered to it — signed, as
// `verifyWebhook` of @latchkey/node checks — and shows in the delivery log with its status and
// latency; a replay arrives again with the same webhook-id; a test event arrives; rotating the
// secret asks for a factor again (step-up) and the new secret signs what follows; a refused delivery
// marks the endpoint failing on its page and in the list until one arrives; deleting asks first. Every page: axe, desktop and 360 px.
import {
  addWebhookEndpoint,
  confirmWithCode,
  createProject,
  DESKTOP,
  developmentOperatorKey,
  look,
  passStepUpWindow,
  signInToConsole,
} from '../support/console.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { providerUrl } from '../support/stack.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

test('an operator adds a webhook endpoint, sees a signed delivery with its latency, replays it, tests and rotates it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  const receiver = await startWebhookReceiver();
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  let projectId = '';
  let totpKey = '';

  try {
    await test.step('signs in and creates a project', async () => {
      ({ totpKey } = await signInToConsole(page, request));
      ({ projectId } = await createProject(page, 'Webhooks demo'));
    });

    await test.step('opens Webhooks: no endpoints yet; a bad URL is refused inline and kept', async () => {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Webhooks' }).click();
      await expect(heading('Webhooks demo webhooks')).toBeFocused();
      await expect(page.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
      await look(page, 'webhooks-01-empty');
      const url = page.getByRole('textbox', { name: 'Endpoint URL' });
      await url.fill('http://hooks.example.com/latchkey');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(url).toHaveAttribute('aria-invalid', 'true');
      await expect(url).toBeFocused();
      await expect(page.getByText(/The URL must use https/)).toBeVisible();
      await expect(url).toHaveValue('http://hooks.example.com/latchkey');
      await page.getByRole('radio', { name: 'Only the events I choose' }).check();
      await expect(page.getByRole('checkbox', { name: /user\.created/ })).toBeVisible();
      await look(page, 'webhooks-02-bad-url');
    });

    await test.step('adds the endpoint for user.created; its signing secret is shown once', async () => {
      receiver.state.secret = await addWebhookEndpoint(page, receiver.url, 'user.created', (name) =>
        look(page, name),
      );
    });

    await test.step('a user created through the server API is delivered, verified, and logged with status and latency', async () => {
      await page.getByRole('link', { name: 'Open the endpoint and its delivery log' }).click();
      await expect(heading(receiver.url)).toBeVisible();
      await expect(heading(receiver.url)).toBeFocused();
      const created = await request.post(`${providerUrl}/v1/users`, {
        headers: { authorization: `Bearer ${developmentOperatorKey()}`, 'latchkey-project-id': projectId },
        data: { email: uniqueEmail('webhook-user') },
      });
      expect(created.ok()).toBe(true);
      const userId = ((await created.json()) as { user_id: string }).user_id;
      // The log follows new events by itself.
      const row = page.getByRole('row').filter({ hasText: 'user.created' });
      await expect(row).toContainText('Delivered', { timeout: 30_000 });
      await expect(row).toContainText('204');
      await expect(row).toContainText(/\d+ ms/);
      expect(receiver.received).toHaveLength(1);
      const [first] = receiver.received;
      expect(first?.error).toBeUndefined();
      expect(first?.event).toMatchObject({ type: 'user.created', data: { user_id: userId } });
      await expect(row).toContainText(first?.id ?? 'missing');
      await look(page, 'webhooks-04-delivered');
    });

    await test.step('replays the delivery: it arrives again with the same webhook-id', async () => {
      const row = page.getByRole('row').filter({ hasText: 'user.created' });
      await row.getByRole('button', { name: /^Replay user\.created/ }).click();
      await expect(page.getByRole('status').filter({ hasText: /Queued user\.created/ })).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
      expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
      expect(receiver.received[1]?.error).toBeUndefined();
      await expect(row.getByRole('cell').nth(4)).toHaveText('2', { timeout: 30_000 });
      await expect(row).toContainText('Delivered');
    });

    await test.step('sends a test event, then rotates the secret, which signs what follows', async () => {
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('status').filter({ hasText: /Sent a webhook\.test event/ })).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(3);
      expect(receiver.received[2]?.event?.type).toBe('webhook.test');
      await expect(page.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('Delivered', {
        timeout: 30_000,
      });

      // Five minutes after the sign-in, rotating asks for a factor again.
      await passStepUpWindow(request);
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await confirmWithCode(page, request, totpKey);
      await expect(
        page.getByText('Copy the new signing secret now: it is shown only this once.'),
      ).toBeVisible();
      // Focus lands on the new secret once the step-up dialog has closed.
      await expect(page.locator('.secret:focus')).toContainText('New signing secret');
      await page.getByRole('button', { name: 'Reveal' }).click();
      const rotated = (await page.getByText(/^whsec_/).textContent()) ?? '';
      expect(rotated).not.toBe(receiver.state.secret);
      receiver.state.secret = rotated;
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(4);
      expect(receiver.received[3]?.error).toBeUndefined();
      await look(page, 'webhooks-05-endpoint');
    });

    await test.step('a delivery the receiver refuses marks the endpoint failing, on its page and in the list', async () => {
      const secret = receiver.state.secret;
      // The receiver checks against another secret, so it answers 400 and the delivery waits for a retry.
      receiver.state.secret = `whsec_${Buffer.from('not the endpoint secret').toString('base64')}`;
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
      expect(receiver.received[4]?.error).toBeDefined();
      const failing = page.locator('.endpoint-failing');
      await expect(failing).toHaveText('Failing — the last delivery failed', { timeout: 30_000 });
      await look(page, 'webhooks-05b-endpoint-failing');
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Webhooks' }).click();
      await expect(
        page.getByRole('listitem').filter({ hasText: receiver.url }).locator('.endpoint-failing'),
      ).toHaveText('Failing — the last delivery failed');
      await page.getByRole('link', { name: receiver.url }).click();
      await expect(heading(receiver.url)).toBeVisible();
      // A delivery that arrives clears it (the page follows its log).
      receiver.state.secret = secret;
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'webhook.test' }).first()).toContainText(
        'Delivered',
        {
          timeout: 30_000,
        },
      );
      await expect(failing).toHaveCount(0, { timeout: 30_000 });
    });

    await test.step('edits the filter, disables and enables it', async () => {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('checkbox', { name: /session\.created/ }).check();
      await look(page, 'webhooks-06-edit');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeFocused();
      await expect(page.getByText('user.created, session.created')).toBeVisible();
      await page.getByRole('button', { name: 'Disable' }).click();
      await expect(page.getByText('Disabled: events wait until it is enabled.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send test event' })).toBeDisabled();
      await page.getByRole('button', { name: 'Enable' }).click();
      await expect(page.getByText('Enabled: events are sent again.')).toBeVisible();
    });

    await test.step('deletes it after confirming; the list is empty again', async () => {
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await look(page, 'webhooks-07-confirm-delete');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(heading('Webhooks demo webhooks')).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: `Deleted the endpoint ${receiver.url}` }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
    });
  } finally {
    receiver.close();
  }
});

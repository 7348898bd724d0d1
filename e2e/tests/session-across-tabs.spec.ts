// The session is shared across tabs, refreshes, and logs out everywhere at once.
import type { BrowserContext, Page } from '@playwright/test';
import { DemoPage } from '../pages/demo-page.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { magicLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { providerUrl } from '../support/stack.js';

async function signIn(
  page: Page,
  request: Parameters<typeof waitForMessages>[0],
  email: string,
): Promise<DemoPage> {
  const demo = new DemoPage(page);
  await demo.open();
  await demo.widget.requestMagicLink(email);
  const [message] = await waitForMessages(request, email, 1);
  await page.goto(magicLinkIn(message!));
  await demo.expectSignedIn(email);
  return demo;
}

async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith('stytch_session'));
}

test('a second tab sees the session, both refresh at once, and log out clears both', async ({
  context,
  request,
}) => {
  const email = uniqueEmail('dana');
  const waitingTab = new DemoPage(await context.newPage());
  await waitingTab.open();
  await waitingTab.expectSignedOut();

  const first = await signIn(await context.newPage(), request, email);

  await test.step('a tab that was already open picks up the sign-in (storage event)', async () => {
    await waitingTab.expectSignedIn(email);
  });

  const second = new DemoPage(await context.newPage());
  await test.step('a newly opened tab is signed in too', async () => {
    await second.open();
    await second.expectSignedIn(email);
  });

  await test.step('extending the session moves its expiry later', async () => {
    const before = await first.sessionExpiry();
    // A check records itself at a one-minute grain (docs/provider-api.md, sessions/authenticate):
    // an extension that moves the expiry by less is not written. Move the provider's clock past it.
    const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 61 } });
    expect(moved.ok()).toBe(true);
    await first.extendButton.click();
    await expect.poll(() => first.sessionExpiry()).toBeGreaterThan(before);
    const cookie = (await sessionCookies(context)).find((c) => c.name === 'stytch_session');
    expect(Math.abs((cookie?.expires ?? 0) * 1000 - (await first.sessionExpiry()))).toBeLessThan(2000);
  });

  await test.step('two tabs refreshing at the same moment do not log each other out', async () => {
    await Promise.all([first.extendButton.click(), second.extendButton.click()]);
    await expect(first.status).toHaveText('Session extended.');
    await expect(second.status).toHaveText('Session extended.');
    await first.page.reload();
    await first.expectSignedIn(email);
    await second.expectSignedIn(email);
    expect(await sessionCookies(context)).toHaveLength(2);
    await snapshot(second.page, '07-second-tab-signed-in');
  });

  await test.step('log out in one tab clears the cookies and the other tabs follow', async () => {
    await first.logoutButton.click();
    await first.expectSignInForm();
    await second.expectSignInForm();
    await waitingTab.expectSignInForm();
    expect(await sessionCookies(context)).toHaveLength(0);
    await snapshot(second.page, '08-signed-out');
  });

  await test.step('a reload after log out stays signed out', async () => {
    await second.page.reload();
    await second.expectSignedOut();
  });
});

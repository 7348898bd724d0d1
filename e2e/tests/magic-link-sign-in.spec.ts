// A person signs in with an email magic link through the widget on the demo host page.
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { magicLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';

test('signs in with a magic link from the dev outbox and gets session cookies', async ({
  demo,
  page,
  request,
  context,
}) => {
  const email = uniqueEmail('alice');

  await test.step('the widget shows the email form, accessibly', async () => {
    await demo.open();
    await demo.widget.openEmailTab();
    await snapshot(page, '01-main');
    await expectNoAxeViolations(page);
  });

  await test.step('an invalid email is refused before anything is sent', async () => {
    await demo.widget.continueWithEmail('not-an-email');
    await expect(page.locator('#login').getByRole('alert')).toBeVisible();
    await snapshot(page, '02-main-invalid-email');
  });

  await test.step('a valid email leads to "Check your email"', async () => {
    await demo.widget.requestMagicLink(email);
    await expect(page.getByRole('link', { name: /gmail/i })).toBeVisible();
    await snapshot(page, '03-email-confirmation');
    await expectNoAxeViolations(page);
  });

  await test.step('resend sends a second email and says so', async () => {
    await demo.widget.resendButton.click();
    await expect(page.getByText('Email resent')).toBeVisible();
    await snapshot(page, '04-email-resent-toast');
    await waitForMessages(request, email, 2);
  });

  await test.step('the newest link signs the person in on the demo page', async () => {
    const [newest] = await waitForMessages(request, email, 2);
    await page.goto(magicLinkIn(newest!));
    await demo.expectSignedIn(email);
    await expect(page).toHaveURL(/\/$/); // the token left the address bar
    await snapshot(page, '05-signed-in');
  });

  await test.step('session cookies are set for the page: SameSite=Lax, not Secure on localhost', async () => {
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'stytch_session');
    const jwt = cookies.find((c) => c.name === 'stytch_session_jwt');
    expect(session?.value).toBeTruthy();
    expect(jwt?.value.split('.')).toHaveLength(3);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.secure).toBe(false);
    expect(session?.httpOnly).toBe(false);
    const expires = await demo.sessionExpiry();
    expect(Math.abs((session?.expires ?? 0) * 1000 - expires)).toBeLessThan(2000);
  });
});

test('a used or superseded magic link shows a clear error and creates no session', async ({
  demo,
  page,
  request,
  context,
}) => {
  const email = uniqueEmail('bob');
  await demo.open();
  await demo.widget.requestMagicLink(email);
  await demo.widget.resendButton.click();
  const [newest, older] = await waitForMessages(request, email, 2);

  await test.step('the superseded (older) link is refused', async () => {
    await page.goto(magicLinkIn(older!));
    await expect(demo.status).toHaveAttribute('data-kind', 'error');
    await expect(demo.status).not.toBeEmpty();
    await demo.expectSignedOut();
    expect((await context.cookies()).some((c) => c.name === 'stytch_session')).toBe(false);
    await snapshot(page, '06-link-error');
  });

  await test.step('the newest link works once, then is refused', async () => {
    await page.goto(magicLinkIn(newest!));
    await demo.expectSignedIn(email);
    await demo.logoutButton.click();
    await demo.expectSignedOut();
    await page.goto(magicLinkIn(newest!));
    await expect(demo.status).toHaveAttribute('data-kind', 'error');
    await demo.expectSignedOut();
  });
});

test('a mail scanner opening the link first does not consume it', async ({ demo, page, request }) => {
  const email = uniqueEmail('carol');
  await demo.open();
  await demo.widget.requestMagicLink(email);
  const [message] = await waitForMessages(request, email, 1);
  const link = magicLinkIn(message!);

  // A scanner fetches the URL without running scripts (HEAD, then GET).
  expect((await request.head(link)).status()).toBe(200);
  expect((await request.get(link)).status()).toBe(200);

  await page.goto(link);
  await demo.expectSignedIn(email);
});

// examples/nextjs (the code of docs/quickstart-nextjs.md) against the real provider: sign in with
// the widget and a magic link redeemed by the app's server, the protected page rendered on the
// server with the user, a refresh through the session token, sign out, and the page locked again.
import { LoginWidget } from '../pages/login-widget.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { magicLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { nextjsExampleUrl } from '../support/stack.js';

const dashboard = `${nextjsExampleUrl}/dashboard`;

test('the Next.js example signs in, renders the user on the server, stays signed in, signs out', async ({
  page,
  context,
  request,
}) => {
  const email = uniqueEmail('nextjs');
  const widget = new LoginWidget(page, page.locator('main'));

  await test.step('a signed-out visit to /dashboard is sent to sign in', async () => {
    await page.goto(dashboard);
    await expect(page).toHaveURL(`${nextjsExampleUrl}/sign-in?return_to=%2Fdashboard`);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await widget.requestMagicLink(email);
    await snapshot(page, 'nextjs-01-sign-in-check-email');
    await expectNoAxeViolations(page, 'main');
  });

  await test.step('the emailed link is redeemed by the server and lands on the dashboard', async () => {
    const [message] = await waitForMessages(request, email);
    const link = magicLinkIn(message!);
    expect(link.startsWith(`${nextjsExampleUrl}/api/latchkey/callback?`)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(dashboard);
    await expect(page.getByTestId('user-email')).toHaveText(email);
    await expect(page.getByTestId('user-id')).toHaveText(/^user-test-/);
    await snapshot(page, 'nextjs-02-dashboard');
    await expectNoAxeViolations(page, 'main');
    await page.setViewportSize({ width: 360, height: 740 });
    await snapshot(page, 'nextjs-03-dashboard-360');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("the cookies are the browser SDK's, and the page is rendered on the server", async () => {
    const cookies = await context.cookies(nextjsExampleUrl);
    const session = cookies.find((cookie) => cookie.name === 'stytch_session');
    expect(session).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    expect(cookies.find((cookie) => cookie.name === 'stytch_session_jwt')?.value.split('.')).toHaveLength(3);
    // The HTML itself, before any script runs, names the user (page.request sends the context's cookies).
    const html = await (await page.request.get(dashboard, { maxRedirects: 0 })).text();
    expect(html).toContain(email);
    expect(html).toContain((await page.getByTestId('user-id').textContent()) ?? 'no user id');
  });

  await test.step('a reload stays signed in', async () => {
    await page.reload();
    await expect(page.getByTestId('user-email')).toHaveText(email);
  });

  const sessionToken = (await context.cookies(nextjsExampleUrl)).find((c) => c.name === 'stytch_session')!;
  await test.step('without a JWT the middleware gets a new one from the provider through the session token', async () => {
    await context.clearCookies({ name: 'stytch_session_jwt' });
    await page.reload();
    await expect(page.getByTestId('user-email')).toHaveText(email);
    const jwt = (await context.cookies(nextjsExampleUrl)).find((c) => c.name === 'stytch_session_jwt');
    expect(jwt?.value.split('.')).toHaveLength(3);
  });

  await test.step('sign out ends the session and the dashboard redirects again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${nextjsExampleUrl}/sign-in`);
    // The cookies go when the revocation settles, which may be after the navigation: wait for it.
    const sessionCookies = async () =>
      (await context.cookies(nextjsExampleUrl))
        .map((cookie) => cookie.name)
        .filter((name) => name === 'stytch_session' || name === 'stytch_session_jwt');
    await expect.poll(sessionCookies).toEqual([]);
    await page.goto(dashboard);
    await expect(page).toHaveURL(`${nextjsExampleUrl}/sign-in?return_to=%2Fdashboard`);
    await snapshot(page, 'nextjs-04-signed-out');
    await page.setViewportSize({ width: 360, height: 740 });
    await snapshot(page, 'nextjs-05-sign-in-360');
  });

  await test.step('the revoked session token no longer opens the dashboard, and its cookie is cleared', async () => {
    await context.addCookies([sessionToken]);
    const response = await page.request.get(dashboard, { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    // Next.js writes a same-origin Location relative to the site.
    expect(new URL(response.headers().location ?? '', dashboard).href).toBe(
      `${nextjsExampleUrl}/sign-in?return_to=%2Fdashboard`,
    );
    expect(response.headers()['set-cookie']).toMatch(/stytch_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });
});

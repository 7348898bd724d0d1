// A person signs in with "Google" from the widget on the demo page: through the redirect flow and
// through One Tap. "Google" is a real OpenID provider on loopback (e2e/support/fake-google),
// configured with `oauth set` for the "Google demo" project (`&project=google`), which has no
// other provider; the provider discovers it, redeems its codes and verifies its ID tokens as it
// would Google's. (The dev project's buttons go to the development issuer: oauth-dev-issuer.spec.ts.)
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { fakeGoogle } from '../support/stack.js';

const PAGE = '/?login=oauth&project=google';

/** The user id inside the page's session JWT cookie (what an integrator's server would read). */
async function signedInUserId(page: Page): Promise<string> {
  const jwt = (await page.context().cookies()).find((c) => c.name === 'stytch_session_jwt')?.value ?? '';
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return payload.sub as string;
}

/** At the fake Google: sign in as `login` unless Google still knows the browser. */
async function signInAtGoogle(page: Page, login: string): Promise<void> {
  const loginField = page.getByPlaceholder('Enter any login');
  await page.waitForURL(
    (url) => url.origin === fakeGoogle.issuer || url.pathname === '/authenticate' || url.pathname === '/',
  );
  if (new URL(page.url()).origin !== fakeGoogle.issuer) return;
  await expect(loginField).toBeVisible();
  await loginField.fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('signs in with Google through the redirect, and a second sign-in finds the same user', async ({
  demo,
  page,
  browser,
}) => {
  const login = `grace${Date.now()}`;
  const email = `${login}@example.com`;
  const googleButton = demo.widget.root.getByRole('button', { name: 'Continue with Google' });

  await test.step('the widget offers Google above the email form, accessibly, and not GitHub, which this project lacks', async () => {
    await page.goto(PAGE);
    await expect(googleButton).toBeVisible();
    await expect(demo.widget.root.getByRole('button', { name: 'Continue with GitHub' })).toHaveCount(0);
    await expect(demo.widget.emailInput).toBeVisible();
    await snapshot(page, '60-oauth-main');
    await expectNoAxeViolations(page);
  });

  // The provider's redirect back to the page, token and all, to replay it later.
  let tokenUrl = '';
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().includes('stytch_token_type=oauth&token=')) {
      tokenUrl = request.url();
    }
  });
  let firstUserId = '';
  await test.step('Continue with Google → Google signs in → back on the demo page, signed in', async () => {
    await googleButton.click();
    await page.waitForURL((url) => url.origin === fakeGoogle.issuer);
    await snapshot(page, '61-oauth-google-login');
    await signInAtGoogle(page, login);
    await demo.expectSignedIn(email);
    await expect(page).toHaveURL(/\/\?login=oauth&project=google$/); // the token left the address bar
    expect(tokenUrl).toContain('/authenticate');
    firstUserId = await signedInUserId(page);
    expect(firstUserId).toMatch(/^user-test-/);
    await snapshot(page, '62-oauth-signed-in');
  });

  await test.step('the redirect token is single use: replayed in another browser it signs no one in', async () => {
    const replay = await browser.newContext();
    const other = await replay.newPage();
    await other.goto(tokenUrl);
    await expect(other.locator('#status')).toHaveAttribute('data-kind', 'error');
    await expect(other.getByRole('region', { name: 'You are signed in' })).toBeHidden();
    expect((await replay.cookies()).find((c) => c.name === 'stytch_session')).toBeUndefined();
    await replay.close();
  });

  await test.step('log out, then Google again: the same user', async () => {
    await demo.logoutButton.click();
    await demo.expectSignedOut();
    await googleButton.click();
    await signInAtGoogle(page, login);
    await demo.expectSignedIn(email);
    expect(await signedInUserId(page)).toBe(firstUserId);
  });
});

test('cancelling at Google brings the person back with a message and no session', async ({ demo, page }) => {
  await page.goto(PAGE);
  // This project's One Tap prompt appears above the buttons just after the page loads and moves
  // them down: a click aimed at the button before it lands can hit the prompt instead (a CI run
  // clicked at the button's old place and never left the page). The page is settled once it shows.
  await expect(page.getByRole('button', { name: /^Continue as / })).toBeVisible();
  await demo.widget.root.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.origin === fakeGoogle.issuer);
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  // The widget says so, above the buttons to try again.
  await expect(demo.widget.root.getByRole('alert')).toHaveText(
    'Sign-in was cancelled. Try again, or choose another way to sign in.',
  );
  await expect(demo.widget.root.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await demo.expectSignedOut();
  expect((await page.context().cookies()).find((c) => c.name === 'stytch_session')).toBeUndefined();
  await snapshot(page, '63-oauth-cancelled');
});

test('signs in with Google One Tap: the prompt appears in the widget and hands over a credential', async ({
  demo,
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await test.step('the One Tap prompt shows in its placeholder above the widget', async () => {
    await page.goto(PAGE);
    const prompt = page.getByRole('button', { name: /^Continue as / });
    await expect(prompt).toBeVisible();
    await snapshot(page, '64-one-tap-prompt');
  });

  await test.step('Close reports user_cancel', async () => {
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => warnings.join('\n')).toContain('One Tap could not load: user_cancel');
  });

  await test.step('on the next visit, Continue signs the person in', async () => {
    await page.goto(PAGE);
    await page.getByRole('button', { name: /^Continue as / }).click();
    await demo.expectSignedIn('tap@example.com');
    await snapshot(page, '65-one-tap-signed-in');
  });
});

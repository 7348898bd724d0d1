// The admin console's e2e helpers: the two viewport sizes every page is kept at, a look (axe and
// screenshots at both, no sideways scrolling at 360 px), how an invited operator gets in
// (password and authenticator app, then a passkey they sign in with), and the steps the console
// specs share (create a project, add an origin, test an OAuth provider, delete a user, add a
// webhook endpoint) as one operator does them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DevSignInPage } from '../pages/dev-sign-in-page.js';
import { axeViolations } from './axe.js';
import { expect, snapshot } from './fixtures.js';
import { uniqueEmail } from './outbox.js';
import { e2eDataDir, providerUrl } from './stack.js';
import { totpCode } from './totp.js';
import { VirtualAuthenticator } from './virtual-authenticator.js';

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 360, height: 780 };
export const OPERATOR_PASSWORD = 'violet kettle marching sideways';

/**
 * Checks the page with axe at desktop width and again at 360 px (where the navigation, tables and
 * forms take another layout), with no sideways scrolling there, and keeps a screenshot of each.
 * The email previews' frames are `sandbox=""` (no script may run in them), so axe cannot run in
 * them: they are left out (the console around them is checked; their markup is the provider's
 * email templates).
 */
export async function look(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page, 'at 1280 px');
  await snapshot(page, `console-${name}-desktop`);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, 'at 360 px');
  await snapshot(page, `console-${name}-360`);
  await page.setViewportSize(DESKTOP);
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page, { include: 'body', exclude: ['iframe[sandbox]'] }), where).toEqual([]);
}

/** The development operator key the e2e provider wrote (acts as an operator on any project). */
export function developmentOperatorKey(): string {
  return (JSON.parse(readFileSync(join(e2eDataDir, 'operator-key.json'), 'utf8')) as { secret: string })
    .secret;
}

/** The development project the e2e provider wrote (.data/dev-project.json): the demo page signs in to it. */
export function developmentProjectId(): string {
  return (JSON.parse(readFileSync(join(e2eDataDir, 'dev-project.json'), 'utf8')) as { project_id: string })
    .project_id;
}

/** The page's title (its one h1). */
export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The console's navigation; `nav(page).getByRole('link', …)` opens a page. */
export const nav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

/**
 * Invites `email` with the operator key and joins as them with a password and an authenticator
 * app; answers the virtual authenticator attached to the page (no passkey on it yet) and the
 * app's key, which answers a step-up (`totpCode`). `lookAt`
 * keeps the invite screens (the console spec's), when given.
 */
export async function joinAsInvitedOperator(
  page: Page,
  request: APIRequestContext,
  email: string,
  lookAt?: (name: string) => Promise<void>,
): Promise<{ authenticator: VirtualAuthenticator; totpKey: string }> {
  const invite = await request.post(`${providerUrl}/v1/console_operators/invites`, {
    headers: { authorization: `Bearer ${developmentOperatorKey()}` },
    data: { email },
  });
  expect(invite.ok()).toBe(true);
  const { invite_url } = (await invite.json()) as { invite_url: string };
  const authenticator = await VirtualAuthenticator.attach(page);
  // No passkey yet: the email field's autofill request waits instead of failing.
  await authenticator.setPresence(false);
  await page.goto(invite_url);
  await expect(heading(page, 'Join the Latchkey console')).toBeVisible();
  // The token left the address bar at once.
  expect(page.url()).toBe(`${providerUrl}/console/invite`);
  await lookAt?.('01-invite');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: /continue with email/i }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
  const key = ((await page.locator('code.lk-key').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Verification code').focus();
  await page.keyboard.type(await totpCode(request, key), { delay: 30 });
  await expect(heading(page, `Welcome, ${email}`)).toBeVisible();
  await lookAt?.('02-invite-accepted');
  return { authenticator, totpKey: key };
}

/** From the welcome page: adds a passkey, signs out, and signs back in with it. */
export async function addPasskeyAndSignInWithIt(
  page: Page,
  authenticator: VirtualAuthenticator,
  email: string,
  lookAt?: (name: string) => Promise<void>,
): Promise<void> {
  await page.getByRole('link', { name: 'Add a passkey' }).click();
  await expect(heading(page, 'Your account')).toBeVisible();
  await expect(heading(page, 'Your account')).toBeFocused();
  await authenticator.setPresence(true);
  await page.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Passkey successfully created!' })).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await lookAt?.('03-account');
  // The widget's Done is answered by the page, not a button that does nothing.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your passkeys are saved.' })).toBeVisible();

  await authenticator.setPresence(false);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Latchkey console')).toBeVisible();
  // Operators are invited: the console's sign-in offers no sign-up.
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await expect(page.getByText('Sign up or log in')).toHaveCount(0);
  await lookAt?.('04-sign-in');
  await authenticator.setPresence(true);
  // The email field's passkey autofill may sign in first, taking the button away mid-click:
  // whichever happens, the account page is what must follow.
  const signedIn = heading(page, 'Your account');
  await Promise.race([
    page
      .getByRole('button', { name: 'Log in with a Passkey' })
      .click()
      .catch(() => undefined),
    signedIn.waitFor(),
  ]);
  await expect(signedIn).toBeVisible();
  await expect(page.getByRole('link', { name: email })).toBeVisible();
}

/**
 * A new operator (invited, joined with a password and an authenticator app) on the console's
 * projects page; `totpKey` answers a step-up (`totpCode`).
 */
export async function signInToConsole(
  page: Page,
  request: APIRequestContext,
): Promise<{ email: string; authenticator: VirtualAuthenticator; totpKey: string }> {
  const email = uniqueEmail('operator');
  const joined = await joinAsInvitedOperator(page, request, email);
  await page.getByRole('link', { name: 'Go to projects' }).click();
  await expect(heading(page, 'Projects')).toBeVisible();
  return { email, ...joined };
}

/**
 * From the projects page: creates project `name`, reveals its secret (shown this once), and opens
 * its settings. Answers the project's id and secret.
 */
export async function createProject(
  page: Page,
  name: string,
  lookAt?: (name: string) => Promise<void>,
): Promise<{ projectId: string; secret: string }> {
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { name: `${name} is ready` })).toBeFocused();
  await expect(page.getByRole('img', { name: 'Secret hidden' })).toBeVisible();
  await page.getByRole('button', { name: 'Reveal' }).click();
  const secret = page.getByText(/^secret-test-[A-Za-z0-9_-]{43}$/);
  await expect(secret).toBeVisible();
  const revealed = (await secret.textContent()) ?? '';
  await lookAt?.('project-created');
  await page.getByRole('button', { name: `Configure ${name}` }).click();
  await expect(heading(page, `${name} settings`)).toBeVisible();
  const projectId = /projects\/([^/]+)\//.exec(page.url())?.[1] ?? '';
  expect(projectId).not.toBe('');
  return { projectId, secret: revealed };
}

/** On the settings page: a bad origin is refused inline, then `origin` is added and saved. */
export async function addOrigin(
  page: Page,
  origin: string,
  lookAt?: (name: string) => Promise<void>,
): Promise<void> {
  const origins = page.getByRole('group', { name: 'Allowed origins' });
  await origins.getByRole('textbox').fill(`${origin}/login`);
  await origins.getByRole('button', { name: 'Add' }).click();
  await expect(origins.getByRole('alert')).toContainText('Enter an origin');
  await expect(origins.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  await lookAt?.('settings-bad-origin');
  await origins.getByRole('textbox').fill(origin);
  await origins.getByRole('textbox').press('Enter');
  await expect(origins.getByText(origin, { exact: true })).toBeVisible();
  await expect(origins.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
}

/**
 * Opens OAuth providers, allows the console's test page, configures Google through the provider's
 * development OpenID issuer and runs "Test sign-in" in its popup as `email`.
 */
export async function configureGoogleAndTestSignIn(
  page: Page,
  projectName: string,
  email: string,
  lookAt?: (name: string) => Promise<void>,
): Promise<void> {
  await nav(page).getByRole('link', { name: 'OAuth providers' }).click();
  await expect(heading(page, `${projectName} OAuth providers`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No OAuth providers yet' })).toBeVisible();
  await lookAt?.('oauth-empty');
  await page.getByRole('button', { name: 'Allow them' }).click();
  await expect(page.getByRole('button', { name: 'Allow them' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Use the development issuer' }).click();
  await page.getByRole('button', { name: 'Save provider' }).click();
  const card = page.getByRole('list', { name: 'OAuth providers' }).getByRole('listitem');
  // Named as the brand writes it, not by its wire name `google`.
  await expect(card.getByRole('heading', { name: 'Google', exact: true })).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Test sign-in' }).click();
  const popup = await popupOpened;
  const devPage = new DevSignInPage(popup);
  await devPage.expectShown('Google');
  await devPage.signInAs(email, 'Test Person');
  await expect(card.getByRole('status')).toHaveText(`Signed in as ${email} (Google).`);
  await popup.close();
}

/**
 * On a user's page: revokes every session after the confirmation dialog. `sessions` is how many
 * the user had.
 */
export async function revokeAllSessions(
  page: Page,
  sessions: number,
  lookAt?: (name: string) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: 'Revoke all sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke every session?' });
  await expect(dialog).toBeVisible();
  await lookAt?.('revoke-confirm');
  await dialog.getByRole('button', { name: 'Revoke all sessions' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${sessions} session${sessions === 1 ? '' : 's'} revoked.` }),
  ).toBeVisible();
  await expect(page.getByText('No live session: the user is signed out everywhere.')).toBeVisible();
}

/** Moves the provider's clock past the 5 minutes after a sign-in in which the console asks for no factor again. */
export async function passStepUpWindow(request: APIRequestContext): Promise<void> {
  const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 6 * 60 } });
  expect(moved.ok()).toBe(true);
}

/** Answers the console's step-up dialog with a code of the operator's authenticator app (`totpKey`). */
export async function confirmWithCode(
  page: Page,
  request: APIRequestContext,
  totpKey: string,
): Promise<void> {
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('Authenticator code').fill(await totpCode(request, totpKey));
  await stepUp.getByRole('button', { name: 'Confirm with code' }).click();
  await expect(stepUp).toBeHidden();
}

/**
 * On a user's page: deletes them, typing their address to confirm; past 5 minutes after the
 * sign-in (the clock is moved) the step-up asks for the operator's passkey. Ends on the users list.
 */
export async function deleteUserAfterStepUp(
  page: Page,
  request: APIRequestContext,
  email: string,
  lookAt?: (name: string) => Promise<void>,
): Promise<void> {
  await passStepUpWindow(request);
  await page.getByRole('button', { name: 'Delete user' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${email}?` });
  const go = confirm.getByRole('button', { name: 'Delete user' });
  await expect(go).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill(email);
  await lookAt?.('delete-confirm');
  await go.click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(stepUp).toBeVisible();
  await lookAt?.('step-up');
  await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(heading(page, 'Users')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${email} was deleted.` })).toBeVisible();
}

/**
 * On the webhooks page: adds an endpoint for `url` sent `eventType` only, and answers its signing
 * secret (shown this once).
 */
export async function addWebhookEndpoint(
  page: Page,
  url: string,
  eventType: string,
  lookAt?: (name: string) => Promise<void>,
): Promise<string> {
  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await page.getByLabel('Description').fill('e2e receiver');
  await page.getByRole('radio', { name: 'Only the events I choose' }).check();
  await page.getByRole('checkbox', { name: new RegExp(eventType.replace('.', '\\.')) }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByRole('heading', { name: 'Endpoint added: copy its signing secret' })).toBeFocused();
  await page.getByRole('button', { name: 'Reveal' }).click();
  const secret = (await page.getByText(/^whsec_/).textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const card = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem');
  await expect(card).toContainText('Enabled');
  await expect(card).toContainText(eventType);
  await lookAt?.('webhooks-created');
  return secret;
}

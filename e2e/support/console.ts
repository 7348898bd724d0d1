// The admin console's e2e helpers: the two viewport sizes every page is kept at, a look (axe and
// screenshots at both, no sideways scrolling at 360 px), and how an invited operator gets in
// (password and authenticator app, then a passkey they sign in with).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expect, snapshot } from './fixtures.js';
import { uniqueEmail } from './outbox.js';
import { e2eDataDir, providerUrl } from './stack.js';
import { totpCode } from './totp.js';
import { VirtualAuthenticator } from './virtual-authenticator.js';

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 360, height: 780 };
export const OPERATOR_PASSWORD = 'violet kettle marching sideways';

/** Checks the page with axe and keeps it at desktop width and at 360 px (no sideways scrolling there). */
export async function look(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page, 'body');
  await snapshot(page, `console-${name}-desktop`);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snapshot(page, `console-${name}-360`);
  await page.setViewportSize(DESKTOP);
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

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

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

  await authenticator.setPresence(false);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Latchkey console')).toBeVisible();
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

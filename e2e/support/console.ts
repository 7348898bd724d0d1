// The admin console's e2e helpers: the two viewport sizes every page is kept at, a look (axe and
// screenshots at both), and an operator signed in through a real invite.
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

/**
 * A new operator, invited with the operator key, who signs up with a password and an authenticator
 * app and lands on the console's projects page. The page gets a virtual authenticator (no passkey
 * yet); `totpKey` answers a step-up (`totpCode`).
 */
export async function signInToConsole(
  page: Page,
  request: APIRequestContext,
): Promise<{ email: string; authenticator: VirtualAuthenticator; totpKey: string }> {
  const email = uniqueEmail('operator');
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
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: /continue with email/i }).click();
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
  const key = ((await page.locator('code.lk-key').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Verification code').focus();
  await page.keyboard.type(await totpCode(request, key), { delay: 30 });
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${email}` })).toBeVisible();
  await page.getByRole('link', { name: 'Go to projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  return { email, authenticator, totpKey: key };
}

// An operator joins the console as a new one does: invited with the stack's operator key, they
// open the link and sign up with a password and an authenticator app (the operator project asks
// for both). Leaves the page signed in to the console.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { e2eDataDir, providerUrl } from './stack.js';
import { totpCode } from './totp.js';

/** The e2e stack's operator key (the development provider writes it to its data directory). */
export function stackOperatorKey(): string {
  return (JSON.parse(readFileSync(join(e2eDataDir, 'operator-key.json'), 'utf8')) as { secret: string })
    .secret;
}

/** The development project's id (the demo page signs in to it). */
export function devProjectId(): string {
  return (JSON.parse(readFileSync(join(e2eDataDir, 'dev-project.json'), 'utf8')) as { project_id: string })
    .project_id;
}

export async function joinConsoleAsInvitedOperator(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const invite = await request.post(`${providerUrl}/v1/console_operators/invites`, {
    headers: { authorization: `Bearer ${stackOperatorKey()}` },
    data: { email },
  });
  expect(invite.ok()).toBe(true);
  const { invite_url } = (await invite.json()) as { invite_url: string };
  await page.goto(invite_url);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Latchkey console' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: /continue with email/i }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
  const key = ((await page.locator('code.lk-key').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Verification code').focus();
  await page.keyboard.type(await totpCode(request, key), { delay: 30 });
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${email}` })).toBeVisible();
}

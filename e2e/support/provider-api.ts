// Calls the provider's browser-facing API directly, as a second browser tab of the same person would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { demoUrl, e2eDataDir, providerUrl } from './stack.js';

/** The e2e stack's projects: the dev one, and those the Playwright config makes with the CLI. */
export type StackProject = 'dev' | 'luds' | 'siwe' | 'mfa' | 'captcha';

function publicToken(project: StackProject): string {
  const file = join(e2eDataDir, `${project}-project.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { public_token: string }).public_token;
}

/** POST `/sdk/v1{path}` with the project's public token; throws unless the provider answers 2xx. */
export async function sdkPost(
  request: APIRequestContext,
  path: string,
  body: object,
  project: StackProject = 'dev',
): Promise<unknown> {
  const token = publicToken(project);
  const response = await request.post(`${providerUrl}/sdk/v1${path}`, {
    data: body,
    headers: {
      authorization: `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`,
      origin: demoUrl,
      'x-sdk-parent-host': demoUrl,
    },
  });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/** GET `/sdk/v1{path}` as the holder of `sessionToken` (the page's `stytch_session` cookie); the envelope's `data`. */
export async function sdkGetAsSession(
  request: APIRequestContext,
  path: string,
  sessionToken: string,
  project: StackProject = 'dev',
): Promise<Record<string, unknown>> {
  const token = publicToken(project);
  const response = await request.get(`${providerUrl}/sdk/v1${path}`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${token}:${sessionToken}`).toString('base64')}`,
      origin: demoUrl,
      'x-sdk-parent-host': demoUrl,
    },
  });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

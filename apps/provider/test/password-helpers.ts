/** Helpers for the password endpoint tests. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outboxFor } from './magic-link-helpers.js';
import { rowCounts } from './row-counts.js';
import { freshAddressesIn, type SdkCallOptions, sdkPost } from './sdk-call.js';
import type { TestContext } from './test-app.js';

/**
 * A strong password that is on no list (zxcvbn score 4). Without digits: zxcvbn reads each as a
 * l33t letter and runs its dictionaries again per variant, which took `…-73-…` 35 ms a check
 * against 12 here, over some 200 checks a provider run.
 */
export const STRONG_PASSWORD = 'Violet-Harbour-Kettle-Marmalade';

/** Another strong password, for an owner who changes or resets STRONG_PASSWORD. */
export const NEW_PASSWORD = 'harbour-lantern-quince-62-meadow';

/** A client address no earlier test has used, so per-network counters start at 0. */
export const freshPasswordIp = freshAddressesIn(77);

/** POSTs `payload` to `/sdk/v1{path}` as the development project's SDK. */
export function postPasswords(
  ctx: TestContext,
  path: string,
  payload: unknown,
  options: SdkCallOptions = {},
): Promise<LightMyRequestResponse> {
  return sdkPost(ctx, path, payload, { ...options, ip: options.ip ?? freshPasswordIp() });
}

/** Creates a password account; throws unless it answered 200. */
export async function givenPasswordUser(ctx: TestContext, email: string, password = STRONG_PASSWORD) {
  const response = await postPasswords(ctx, '/passwords', { email, password, session_duration_minutes: 60 });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return response.json().data as { user_id: string; email_id: string; session_token: string };
}

/** Every table a password call, a reset or a reset-token login could write to. */
export const PASSWORD_FLOW_TABLES = [
  'users',
  'emails',
  'passwords',
  'sessions',
  'login_failures',
  'password_resets',
  'magic_links',
  'outbox_messages',
] as const;

/** Row counts of what a password call could change. */
export async function passwordSnapshot(ctx: TestContext): Promise<Record<string, number>> {
  return rowCounts(ctx, ['users', 'emails', 'passwords', 'sessions', 'login_failures']);
}

/** POSTs reset/start for `email` (plus `body`). */
export function startReset(ctx: TestContext, email: string, body: Record<string, unknown> = {}) {
  return postPasswords(ctx, '/passwords/email/reset/start', { email, ...body });
}

/** The reset token and the login-link token of the newest reset email to `email`. */
export async function resetLinksFor(ctx: TestContext, email: string) {
  const [newest] = await outboxFor(ctx, email);
  const text = newest?.text ?? '';
  const reset = /[?&]stytch_token_type=reset_password&token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const login = /[?&]stytch_token_type=login&token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!reset || !login) throw new Error(`no reset email for ${email}: ${text}`);
  return { reset, login, text };
}

/**
 * A whole reset by email: asks for the link to `email` (which must be answered 200), then sets
 * `password` with its token, as the owner's browser would (on `options.app` when given); the answer.
 */
export async function resetPasswordByEmail(
  ctx: TestContext,
  email: string,
  password: string,
  options: SdkCallOptions = {},
): Promise<LightMyRequestResponse> {
  expect((await startReset(ctx, email)).statusCode).toBe(200);
  const { reset } = await resetLinksFor(ctx, email);
  return postPasswords(ctx, '/passwords/email/reset', { token: reset, password }, options);
}

/** Helpers for the password endpoint tests. */
import type { LightMyRequestResponse } from 'fastify';
import { outboxFor } from './magic-link-helpers.js';
import { rowCounts } from './row-counts.js';
import { sdkHeaders, type TestContext } from './test-app.js';

/** A strong password that is on no list (zxcvbn score 4). */
export const STRONG_PASSWORD = 'violet-harbour-kettle-73-marmalade';

let nextIp = 0;
/** A client address no earlier test has used, so per-network counters start at 0. */
export function freshPasswordIp(): string {
  nextIp += 1;
  return `10.77.${nextIp >> 8}.${nextIp & 255}`;
}

/** POSTs `payload` to `/sdk/v1{path}` as the development project's SDK. */
export function postPasswords(
  ctx: TestContext,
  path: string,
  payload: unknown,
  options: { ip?: string; publicToken?: string; sessionToken?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: `/sdk/v1${path}`,
    headers: sdkHeaders(options.publicToken ?? ctx.dev.public_token, options.sessionToken),
    remoteAddress: options.ip ?? freshPasswordIp(),
    payload: payload as Record<string, unknown>,
  });
}

/** Creates a password account; throws unless it answered 200. */
export async function givenPasswordUser(ctx: TestContext, email: string, password = STRONG_PASSWORD) {
  const response = await postPasswords(ctx, '/passwords', { email, password, session_duration_minutes: 60 });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return response.json().data as { user_id: string; email_id: string; session_token: string };
}

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

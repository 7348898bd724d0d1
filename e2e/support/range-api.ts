// Steers the stack's breached-password range API, the way a new breach corpus or an outage would.
import { type APIRequestContext, expect } from '@playwright/test';
import type { RangeApiMode } from '../../apps/provider/test/range-api-server.js';
import { sdkPost } from './provider-api.js';
import { providerUrl, rangeApiUrl } from './stack.js';

async function control(request: APIRequestContext, path: string, body: object): Promise<void> {
  const response = await request.post(`${rangeApiUrl}/control/${path}`, { data: body });
  if (!response.ok()) throw new Error(`range API control ${path} answered ${response.status()}`);
}

/** From now on the range API lists `password` as breached. */
export const listAsBreached = (request: APIRequestContext, password: string) =>
  control(request, 'list', { password });

/** `unavailable` answers 503 to every lookup; `ok` answers ranges again. */
export const setRangeApiMode = (request: APIRequestContext, mode: RangeApiMode) =>
  control(request, 'mode', { mode });

/**
 * An account whose password was fine at sign-up and is found in a breach since: it signs up while
 * the range API is down (the list alone judges), then `leaked` is on the list and the provider's
 * 30 s pause after a failed range API is past, so the next log-in looks it up.
 */
export async function signUpWithPasswordBreachedSince(
  request: APIRequestContext,
  email: string,
  leaked: string,
): Promise<void> {
  await listAsBreached(request, leaked);
  await setRangeApiMode(request, 'unavailable');
  try {
    await sdkPost(request, '/passwords', { email, password: leaked, session_duration_minutes: 30 });
  } finally {
    await setRangeApiMode(request, 'ok');
  }
  const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 31 } });
  expect(moved.ok()).toBe(true);
}

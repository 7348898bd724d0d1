// Steers the stack's breached-password range API, the way a new breach corpus or an outage would.
import type { APIRequestContext } from '@playwright/test';
import type { RangeApiMode } from '../../apps/provider/test/range-api-server.js';
import { rangeApiUrl } from './stack.js';

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

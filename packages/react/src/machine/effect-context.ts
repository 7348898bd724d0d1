/** @module machine/effect-context — what effects may touch, and the guarded ways they talk to the host. */

import type { WidgetClock } from '../clock.js';
import type { WidgetCallbacks, WidgetConfig } from '../config.js';
import { toScreenError } from '../internal/to-screen-error.js';
import type { WidgetClient } from '../widget-client.js';
import type { Event } from './event.js';

/** What effects may touch. */
export interface EffectContext {
  client: WidgetClient;
  config: WidgetConfig;
  callbacks: WidgetCallbacks;
  clock: WidgetClock;
}

// Host callbacks are someone else's code: a throwing one must not break the widget's flow.
/** Sends `{ type, data }` to the host's onEvent. */
export function emit(ctx: EffectContext, type: string, data: unknown): void {
  try {
    ctx.callbacks.onEvent?.({ type, data });
  } catch (error) {
    console.error('Latchkey: the onEvent callback threw', error);
  }
}

/** Reports `error` to the host's onError and turns it into the error as data. */
export function report(ctx: EffectContext, error: unknown): ReturnType<typeof toScreenError> {
  try {
    ctx.callbacks.onError?.(error);
  } catch (callbackError) {
    console.error('Latchkey: the onError callback threw', callbackError);
  }
  return toScreenError(error);
}

/** Reports `error` and ends the request in flight with REQUEST_FAILED. */
export function fail(ctx: EffectContext, error: unknown): Event {
  return { type: 'REQUEST_FAILED', error: report(ctx, error) };
}

/**
 * A failure the user is not told about (spec §4: passkey renames and deletions are only logged):
 * to the console and to telemetry, never to onError.
 */
export function logFailure(
  ctx: EffectContext,
  name: string,
  details: Record<string, unknown>,
  error: unknown,
): void {
  console.error(`Latchkey: ${name}`, error);
  try {
    ctx.client.telemetry.logEvent({ name, details, error });
  } catch {
    // Telemetry never breaks the widget.
  }
}

/** Logs a telemetry event; best effort (wire/client-state.md: failures are ignored). */
export function log(ctx: EffectContext, name: string, details: Record<string, unknown>): void {
  try {
    ctx.client.telemetry.logEvent({ name, details });
  } catch {
    // Telemetry never breaks a sign-in.
  }
}

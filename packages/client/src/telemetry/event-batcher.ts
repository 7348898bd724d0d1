/** @module telemetry/event-batcher — queues telemetry events and posts them in batches to `/events`. */

import { LatchkeyApiError, LatchkeyError } from '../errors.js';
import { assertOptionalObject, assertString } from '../internal/validate.js';
import type { Clock } from '../options.js';
import type { TelemetryBlob } from './telemetry-blob.js';

/** Send at once when this many events are queued (spec §9). */
export const TELEMETRY_BATCH_SIZE = 15;
/** Otherwise send this long after the first queued event (spec §9). */
export const TELEMETRY_FLUSH_INTERVAL_MS = 800;

/** An event as the app logs it. */
export interface LogEventOptions {
  name: string;
  details?: unknown;
  /** Adds `error_code`, `error_description` and, for API errors, `http_status_code`. */
  error?: unknown;
}

/** One item of the `/events` body (wire `client-state.md#events`). */
export interface TelemetryEventItem {
  telemetry: TelemetryBlob;
  event: {
    public_token: string;
    event_name: string;
    details: unknown;
    error_code?: string;
    error_description?: string;
    http_status_code?: number;
  };
}

/** Dependencies of the batcher. */
export interface EventBatcherDeps {
  publicToken: string;
  clock: Clock;
  createBlob(): TelemetryBlob;
  send(items: TelemetryEventItem[]): Promise<void>;
}

/** Batches events: flushes every 800 ms while events wait, or immediately at 15. */
export class EventBatcher {
  readonly #deps: EventBatcherDeps;
  #queue: TelemetryEventItem[] = [];
  #timer: unknown;

  constructor(deps: EventBatcherDeps) {
    this.#deps = deps;
  }

  /** Queues one event. */
  log(options: LogEventOptions): void {
    assertOptionalObject('event', options);
    assertString('name', options?.name);
    const event: TelemetryEventItem['event'] = {
      public_token: this.#deps.publicToken,
      event_name: options.name,
      details: options.details ?? {},
    };
    const error = options.error;
    if (error !== undefined) {
      event.error_code = error instanceof LatchkeyError ? error.code : 'unknown_error';
      event.error_description = error instanceof Error ? error.message : String(error);
      if (error instanceof LatchkeyApiError) event.http_status_code = error.status;
    }
    this.#queue.push({ telemetry: this.#deps.createBlob(), event });
    if (this.#queue.length >= TELEMETRY_BATCH_SIZE) this.flush();
    else if (this.#timer === undefined) {
      this.#timer = this.#deps.clock.setTimeout(() => this.flush(), TELEMETRY_FLUSH_INTERVAL_MS);
    }
  }

  /** Sends everything queued now; failures are swallowed by the sender. */
  flush(): void {
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#queue.length === 0) return;
    const items = this.#queue;
    this.#queue = [];
    void this.#deps.send(items);
  }
}

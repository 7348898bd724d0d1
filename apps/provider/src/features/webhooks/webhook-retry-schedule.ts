/** @module webhook-retry-schedule — when a failed webhook delivery is tried again, and when it is given up. */

/** The first retry waits up to this long (at least half of it); each later one up to twice as long as the one before. */
const BASE_DELAY_MS = 5_000;
/** No retry waits longer than this (so a receiver back after an outage hears within the hour). */
const MAX_DELAY_MS = 60 * 60_000;
/** A delivery is retried for this long from its event (or its replay), then marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The wait after attempt number `attempts` failed: exponential backoff with "equal jitter" (half
 * the attempt's ceiling, plus a uniform draw up to the other half), so receivers coming back after
 * an outage are not hit by every process's retries at once, and a retry never follows the failure
 * that caused it at once. `unit` is a uniform draw from [0, 1).
 */
export function webhookRetryDelayMs(attempts: number, unit: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(attempts - 1, 30));
  return Math.floor(ceiling / 2 + (unit * ceiling) / 2);
}

/** Whether the retry window that began at `windowStartedAt` is over at `now`. */
export function webhookRetriesExhausted(windowStartedAt: Date, now: Date): boolean {
  return now.getTime() - windowStartedAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
}

/** A uniform draw from [0, 1) out of four random bytes. */
export function unitInterval(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) / 2 ** 32;
}

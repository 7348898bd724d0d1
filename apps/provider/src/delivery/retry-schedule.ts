/** @module retry-schedule — how long a delivery waits after a failed attempt, and when it is given up. */

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure gives up (about 12.5 minutes in all). */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000] as const;

/** Attempts before a job is given up. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * A job still undelivered this long after it was asked for is given up whatever its attempts:
 * after a long outage a sign-in email would arrive long after anyone waits for it.
 */
export const DELIVERY_MAX_AGE_MS = 30 * 60_000;

/** The wait after attempt number `attempts` failed, or undefined when the job is to be given up. */
export function retryDelayMs(attempts: number): number | undefined {
  return RETRY_DELAYS_MS[attempts - 1];
}

/**
 * @module expiry-sweep — deleting a table's expired rows from its busiest write path, at most once
 * per interval of the injected clock: the table stays about one lifetime's worth of rows without a
 * background job, and a burst of writes pays for one DELETE, not one each.
 */

/** The default gap between two sweeps of one table. */
export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Returns `sweep(now)`, which runs `deleteExpired(now)` when `intervalMs` have passed since the
 * last run (the first call always runs) and does nothing otherwise.
 */
export function createExpirySweep(
  deleteExpired: (now: Date) => Promise<unknown>,
  intervalMs = DEFAULT_SWEEP_INTERVAL_MS,
): (now: Date) => Promise<void> {
  let lastSweepAt = Number.NEGATIVE_INFINITY;
  return async (now) => {
    if (now.getTime() - lastSweepAt < intervalMs) return;
    lastSweepAt = now.getTime();
    await deleteExpired(now);
  };
}

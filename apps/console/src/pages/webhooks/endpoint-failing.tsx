/**
 * @module endpoint-failing — an endpoint's "Failing" note (the badge and how many of its newest
 * deliveries failed in a row), one rule for the endpoints list and the endpoint's own page.
 */
import type { WebhookDelivery } from '@latchkey/wire';
import { failedInARow, failingWords, RECENT_DELIVERIES } from './webhooks-data.js';

/** How many of an endpoint's newest deliveries (newest first; the first RECENT_DELIVERIES count) failed in a row. */
export function failingCount(newest: readonly WebhookDelivery[]): number {
  return failedInARow(newest.slice(0, RECENT_DELIVERIES));
}

/** "Failing — the last delivery failed"; nothing when the newest deliveries did not fail. */
export function FailingNote({ failed }: { failed: number }) {
  if (failed === 0) return null;
  return (
    <p className="endpoint-failing">
      <span className="badge state-failed">Failing</span> — {failingWords(failed)}
    </p>
  );
}

/**
 * @module endpoint-failing — an endpoint's "Failing" note (the badge and how many of its newest
 * deliveries failed in a row), one rule for the endpoints list and the endpoint's own page.
 */
import type { WebhookDelivery } from '@latchkey/wire';
import type { ConsoleApi } from '../../auth/operator-context.js';

/** How many of an endpoint's newest deliveries the list reads to tell whether it is failing. */
const RECENT_DELIVERIES = 10;

/** An endpoint's newest deliveries (newest first), as its delivery log answers them. */
async function loadRecentDeliveries(projectApi: ConsoleApi, endpointId: string): Promise<WebhookDelivery[]> {
  const { deliveries } = await projectApi<{ deliveries: WebhookDelivery[] }>(
    'GET',
    `/v1/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries?limit=${RECENT_DELIVERIES}`,
  );
  return deliveries;
}

/**
 * How many of the newest deliveries in a row failed (newest first, up to the first that arrived):
 * a delivery failed when it gave up, or when it waits for a retry after a failed attempt. One
 * queued or sending without an attempt yet tells nothing, so it is passed over.
 */
export function failedInARow(deliveries: readonly WebhookDelivery[]): number {
  let failed = 0;
  for (const delivery of deliveries) {
    if (delivery.state === 'delivered') break;
    if (delivery.state === 'failed' || delivery.attempts.length > 0) failed += 1;
  }
  return failed;
}

/** What follows an endpoint's "Failing" badge: "the last delivery failed", "last 3 deliveries failed". */
function failingWords(failed: number): string {
  return failed === 1 ? 'the last delivery failed' : `last ${failed} deliveries failed`;
}

/**
 * How many of the endpoint's newest deliveries failed in a row, read as the list and the endpoint
 * page both read it; a log that cannot be read leaves the endpoint unflagged, not the page unshown.
 */
export function loadFailingCount(projectApi: ConsoleApi, endpointId: string): Promise<number> {
  return loadRecentDeliveries(projectApi, endpointId).then(failingCount, () => 0);
}

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

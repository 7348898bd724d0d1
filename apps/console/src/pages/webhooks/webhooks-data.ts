/** @module webhooks-data — the project and webhook reads the webhooks pages share. */
import type { WebhookDelivery, WebhookEndpoint } from '@latchkey/wire';
import type { ConsoleApi } from '../../auth/operator-context.js';
import type { Project } from '../../lib/project-types.js';
import type { WebhookEventTypeInfo } from './event-type-picker.js';

/** The project's name (operator API) and the provider's event catalogue (the project's API). */
export async function loadWebhookContext(api: ConsoleApi, projectApi: ConsoleApi, projectId: string) {
  const [{ project }, { event_types }] = await Promise.all([
    api<{ project: Project }>('GET', `/v1/projects/${projectId}`),
    projectApi<{ event_types: WebhookEventTypeInfo[] }>('GET', '/v1/webhooks/event_types'),
  ]);
  return { project, catalogue: event_types };
}

/** "All events", or the types it takes. */
export function eventsSummary(endpoint: WebhookEndpoint): string {
  return endpoint.event_types.length === 0 ? 'All events' : endpoint.event_types.join(', ');
}

/** Why the provider disabled an endpoint, in words. */
export function disabledReasonText(reason: string | null): string | null {
  if (reason === null) return null;
  return reason === 'gone' ? 'The receiver answered 410 Gone, so the provider stopped sending.' : reason;
}

/** How many of an endpoint's newest deliveries the list reads to tell whether it is failing. */
export const RECENT_DELIVERIES = 10;

/** An endpoint's newest deliveries (newest first), as its delivery log answers them. */
export async function loadRecentDeliveries(
  projectApi: ConsoleApi,
  endpointId: string,
): Promise<WebhookDelivery[]> {
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
export function failingWords(failed: number): string {
  return failed === 1 ? 'the last delivery failed' : `last ${failed} deliveries failed`;
}

export type { WebhookEndpoint };

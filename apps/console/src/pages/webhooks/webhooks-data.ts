/** @module webhooks-data — the project and webhook reads the webhooks pages share. */
import type { WebhookEndpoint } from '@latchkey/wire';
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

export type { WebhookEndpoint };

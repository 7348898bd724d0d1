/**
 * @module webhook-endpoints — the project's webhook endpoints through `/v1/webhooks/endpoints…`
 * (a Latchkey addition to the server API): create, list, get, update, delete, rotate the secret,
 * read the delivery log, replay an event, send a test event, list the event types.
 */

import type {
  WebhookDeliveriesListResult,
  WebhookEndpoint,
  WebhookEndpointWithSecretResult,
  WebhookEventTypeName,
} from '@latchkey/wire';
import { idSegment, type ServerApiMethod, serverApiCaller } from './internal/server-api-caller.js';
import { type ResolvedServerClientOptions, requireText } from './options.js';

export type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEventTypeName } from '@latchkey/wire';

/** What `create` and `update` set, named as on the wire. */
export interface WebhookEndpointFields {
  /** https (http only to localhost while the provider runs in development). */
  url?: string;
  /** The event types sent to it; empty or absent: every type. */
  event_types?: WebhookEventTypeName[];
  enabled?: boolean;
  description?: string;
}

/** An endpoint and its `whsec_…` signing secret, which is shown only here (create, rotate). */
export type WebhookEndpointWithSecret = Pick<WebhookEndpointWithSecretResult, 'endpoint' | 'secret'>;

/** A page of the delivery log, newest first; pass `next_cursor` back for the next (null on the last page). */
export type WebhookDeliveriesPage = Pick<WebhookDeliveriesListResult, 'deliveries' | 'next_cursor'>;

/** The `webhookEndpoints` namespace of the server client; every call throws a `LatchkeyServerError` on refusal. */
export interface WebhookEndpointsServerMethods {
  create(fields: WebhookEndpointFields & { url: string }): Promise<WebhookEndpointWithSecret>;
  list(): Promise<WebhookEndpoint[]>;
  /** `webhook_endpoint_not_found` when the project has none with this id. */
  get(endpointId: string): Promise<WebhookEndpoint>;
  /** Changes only the fields given; enabling clears `disabled_reason`. */
  update(endpointId: string, fields: WebhookEndpointFields): Promise<WebhookEndpoint>;
  /** Deletes it with its delivery log. */
  delete(endpointId: string): Promise<void>;
  /** A new secret at once: the old one stops signing immediately. */
  rotateSecret(endpointId: string): Promise<WebhookEndpointWithSecret>;
  deliveries(endpointId: string, page?: { limit?: number; cursor?: string }): Promise<WebhookDeliveriesPage>;
  /** Sends the event again with the same `webhook-id`, with a fresh 24-hour retry window. */
  replay(endpointId: string, eventId: string): Promise<void>;
  /** Queues a `webhook.test` event for this endpoint alone (whatever its filter); its event id (`webhook-id`). */
  sendTestEvent(endpointId: string): Promise<string>;
  /** Every type an endpoint may filter on, each with when it is sent (`GET /v1/webhooks/event_types`). */
  eventTypes(): Promise<Array<{ event_type: WebhookEventTypeName; description: string }>>;
}

/** Builds the namespace over resolved options. */
export function createWebhookEndpointsServerMethods(
  options: ResolvedServerClientOptions,
): WebhookEndpointsServerMethods {
  const webhooks = serverApiCaller(options, '/v1/webhooks');
  const call = (method: ServerApiMethod, path: string, body?: object) =>
    webhooks<Record<string, unknown>>(`/endpoints${path}`, body, method);
  const one = (endpointId: string): string => idSegment('endpointId', endpointId);
  const withSecret = (answer: Record<string, unknown>) =>
    ({ endpoint: answer.endpoint, secret: answer.secret }) as WebhookEndpointWithSecret;
  return {
    create: async (fields) => withSecret(await call('POST', '', { ...fields })),
    list: async () => (await call('GET', '')).endpoints as WebhookEndpoint[],
    get: async (endpointId) => (await call('GET', one(endpointId))).endpoint as WebhookEndpoint,
    update: async (endpointId, fields) =>
      (await call('PUT', one(endpointId), { ...fields })).endpoint as WebhookEndpoint,
    delete: async (endpointId) => {
      await call('DELETE', one(endpointId));
    },
    rotateSecret: async (endpointId) => withSecret(await call('POST', `${one(endpointId)}/rotate_secret`)),
    deliveries: async (endpointId, page = {}) => {
      const query = new URLSearchParams();
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.cursor !== undefined) query.set('cursor', page.cursor);
      const suffix = query.size > 0 ? `?${query}` : '';
      const answer = await call('GET', `${one(endpointId)}/deliveries${suffix}`);
      return { deliveries: answer.deliveries, next_cursor: answer.next_cursor } as WebhookDeliveriesPage;
    },
    replay: async (endpointId, eventId) => {
      requireText('eventId', eventId);
      await call('POST', `${one(endpointId)}/replay`, { event_id: eventId });
    },
    sendTestEvent: async (endpointId) =>
      (await call('POST', `${one(endpointId)}/send_test_event`)).event_id as string,
    eventTypes: async () => {
      const answer = await webhooks<Record<string, unknown>>('/event_types', undefined, 'GET');
      return answer.event_types as Array<{ event_type: WebhookEventTypeName; description: string }>;
    },
  };
}

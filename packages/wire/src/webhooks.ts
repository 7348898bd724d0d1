/**
 * @module webhooks — the answers of the webhook endpoint management calls (`/v1/webhooks/endpoints…`,
 * project secret; a Latchkey addition) and the body every webhook carries (Standard Webhooks).
 */
import { type Static, type TProperties, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';

/** The event types a webhook may carry, in the order the docs list them. */
export const WEBHOOK_EVENT_TYPE_NAMES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'session.created',
  'session.revoked',
  'factor.added',
  'factor.removed',
  'password.changed',
  'login.locked',
] as const;

export type WebhookEventTypeName = (typeof WEBHOOK_EVENT_TYPE_NAMES)[number];

/** The type of the event `POST …/{endpoint_id}/send_test_event` sends to that one endpoint, whatever its filter. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** A webhook endpoint; never its secret (shown only by create and rotate). */
export const WebhookEndpointSchema = Type.Object({
  endpoint_id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  /** The event types sent to it; empty: every type. */
  event_types: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** `gone` when the provider disabled it after the receiver answered 410; null otherwise. */
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** One attempt in the delivery log. */
export const WebhookAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  started_at: Type.String(),
  /** Null when no answer came (`error` says why). */
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  latency_ms: Type.Integer(),
  /** At most 1 KiB of the answer's body. */
  response_excerpt: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
});

/** One event's delivery to one endpoint, with its attempts. */
export const WebhookDeliverySchema = Type.Object({
  /** The `webhook-id` of every attempt and replay. */
  event_id: Type.String(),
  event_type: Type.String(),
  occurred_at: Type.String(),
  state: Type.Union([
    Type.Literal('pending'),
    Type.Literal('running'),
    Type.Literal('delivered'),
    Type.Literal('failed'),
  ]),
  /** When the next attempt is due (pending only), else null. */
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Array(WebhookAttemptSchema),
});

function serverAnswer<P extends TProperties>(properties: P) {
  return Type.Object({ ...flatAnswerFields, ...properties });
}

/** POST /v1/webhooks/endpoints and POST …/{endpoint_id}/rotate_secret: the endpoint and its `whsec_…` secret, shown this once. */
export const WebhookEndpointWithSecretResponse = serverAnswer({
  endpoint: WebhookEndpointSchema,
  secret: Type.String(),
});

/** GET and PUT /v1/webhooks/endpoints/{endpoint_id}. */
export const WebhookEndpointResponse = serverAnswer({ endpoint: WebhookEndpointSchema });

/** GET /v1/webhooks/endpoints. */
export const WebhookEndpointsListResponse = serverAnswer({ endpoints: Type.Array(WebhookEndpointSchema) });

/** DELETE /v1/webhooks/endpoints/{endpoint_id}. */
export const WebhookEndpointDeleteResponse = serverAnswer({ endpoint_id: Type.String() });

/** GET /v1/webhooks/endpoints/{endpoint_id}/deliveries: newest first; `next_cursor` is null on the last page. */
export const WebhookDeliveriesListResponse = serverAnswer({
  deliveries: Type.Array(WebhookDeliverySchema),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

/** POST /v1/webhooks/endpoints/{endpoint_id}/replay: the event queued again. */
export const WebhookReplayResponse = serverAnswer({ endpoint_id: Type.String(), event_id: Type.String() });

/** GET /v1/webhooks/event_types: the types an endpoint may filter on, each with when it is sent. */
export const WebhookEventTypesListResponse = serverAnswer({
  event_types: Type.Array(Type.Object({ event_type: Type.String(), description: Type.String() })),
});

/** POST /v1/webhooks/endpoints/{endpoint_id}/send_test_event: the `webhook.test` event queued for it. */
export const WebhookTestEventResponse = serverAnswer({ endpoint_id: Type.String(), event_id: Type.String() });

export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;
export type WebhookAttempt = Static<typeof WebhookAttemptSchema>;
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;
export type WebhookEndpointWithSecretResult = Static<typeof WebhookEndpointWithSecretResponse>;
export type WebhookEndpointResult = Static<typeof WebhookEndpointResponse>;
export type WebhookEndpointsListResult = Static<typeof WebhookEndpointsListResponse>;
export type WebhookEndpointDeleteResult = Static<typeof WebhookEndpointDeleteResponse>;
export type WebhookDeliveriesListResult = Static<typeof WebhookDeliveriesListResponse>;
export type WebhookReplayResult = Static<typeof WebhookReplayResponse>;
export type WebhookEventTypesListResult = Static<typeof WebhookEventTypesListResponse>;
export type WebhookTestEventResult = Static<typeof WebhookTestEventResponse>;

/** What a webhook's body is (Standard Webhooks): `data` is the object as the server API shows it. */
export interface WebhookPayload<T = Record<string, unknown>> {
  type: WebhookEventTypeName | typeof WEBHOOK_TEST_EVENT_TYPE;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  data: T;
}

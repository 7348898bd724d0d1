/** Webhook endpoints managed through /v1/webhooks/endpoints…, and events published as a feature does. */
import type { LightMyRequestResponse } from 'fastify';
import { inTransaction } from '../src/db/transaction.js';
import type { WebhookEventType } from '../src/domain-events/domain-event.js';
import { devProjectAuthorization } from './server-api-calls.js';
import { json, type TestContext } from './test-app.js';

/** Calls the webhook management API with the dev project's secret (or `authorization`). */
export function webhooksApi(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: Record<string, unknown>,
  authorization = devProjectAuthorization(ctx),
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/v1/webhooks/endpoints${path}`,
    headers: { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** Creates an endpoint; returns its id and its secret. */
export async function givenEndpoint(
  ctx: TestContext,
  body: Record<string, unknown>,
): Promise<{ endpointId: string; secret: string }> {
  const response = await webhooksApi(ctx, 'POST', '', body);
  if (response.statusCode !== 200) throw new Error(`endpoint not created: ${response.body}`);
  const answer = json(response);
  return { endpointId: answer.endpoint.endpoint_id, secret: answer.secret };
}

/** Publishes an event of the dev project in its own transaction, as a feature's change would. */
export async function publishEvent(
  ctx: TestContext,
  type: WebhookEventType,
  data: Record<string, unknown>,
  projectId: string = ctx.dev.project_id,
): Promise<void> {
  await inTransaction(ctx.db, (trx) =>
    ctx.app.domainEvents.publish(trx, {
      type,
      projectId,
      actor: { type: 'system' },
      occurredAt: ctx.clock.now(),
      data,
    }),
  );
}

/** The endpoint's delivery log. */
export async function deliveriesOf(ctx: TestContext, endpointId: string, query = '') {
  return json(await webhooksApi(ctx, 'GET', `/${endpointId}/deliveries${query}`)).deliveries as Array<{
    event_id: string;
    event_type: string;
    state: string;
    next_attempt_at: string | null;
    attempts: Array<{
      attempt: number;
      status_code: number | null;
      latency_ms: number;
      response_excerpt: string;
      error: string | null;
    }>;
  }>;
}

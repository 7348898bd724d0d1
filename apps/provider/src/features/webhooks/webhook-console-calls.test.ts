/**
 * Issue 21, what the console's webhooks page needs beyond the endpoint calls: the catalogue of event
 * types, a test event through the real outbox, and step-up before an operator's console session
 * deletes an endpoint or rotates its secret.
 */
import { WEBHOOK_EVENT_TYPE_NAMES } from '@latchkey/wire';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asBearer,
  givenOperatorProject,
  givenSignedInUser,
  newOperatorKey,
} from '../../../test/console-helpers.js';
import { devProjectAuthorization } from '../../../test/server-api-calls.js';
import { basic, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { deliveriesOf, givenEndpoint, webhooksApi } from '../../../test/webhook-helpers.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { cryptoRandom } from '../../random.js';

const ctx = useTestContext();
const MINUTE = 60_000;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

beforeEach(() => {
  // Standard Webhooks receivers refuse timestamps more than 5 minutes from their own clock.
  ctx.clock.set(new Date());
  receiver.received.length = 0;
  receiver.answer(200);
});

/** A signed-in console operator (invited, invite accepted): their session token and session id. */
async function givenConsoleOperator() {
  const project = await givenOperatorProject(ctx);
  const email = `op-${cryptoRandom.uuid()}@example.com`;
  const invited = await asBearer(ctx, await newOperatorKey(ctx), 'POST', '/v1/console_operators/invites', {
    email,
  });
  const token = new URLSearchParams(new URL(json(invited).invite_url).hash.slice(1)).get('token');
  const user = await givenSignedInUser(ctx, project, email);
  const accepted = await asBearer(ctx, user.sessionToken, 'POST', '/v1/console/invites/accept', { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { project, ...user };
}

/** A call to /v1/webhooks… as `bearer` acting on the dev project. */
function onDevProject(
  bearer: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) {
  return ctx.app.inject({
    method,
    url: `/v1/webhooks${path}`,
    headers: {
      authorization: `Bearer ${bearer}`,
      'latchkey-project-id': ctx.dev.project_id,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

describe('GET /v1/webhooks/event_types', () => {
  it('lists every type an endpoint may filter on, in order, each saying when it is sent', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/v1/webhooks/event_types',
      headers: { authorization: devProjectAuthorization(ctx) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const types = json(response).event_types as Array<{ event_type: string; description: string }>;
    expect(types.map((t) => t.event_type)).toEqual([...WEBHOOK_EVENT_TYPE_NAMES]);
    for (const type of types) expect(type.description.length, type.event_type).toBeGreaterThan(10);
    // The same credentials as every webhook call.
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/webhooks/event_types' })).statusCode).toBe(401);
  });
});

describe('POST /v1/webhooks/endpoints/{id}/send_test_event', () => {
  it('sends a signed webhook.test to that endpoint alone, whatever its filter, logged and replayable', async () => {
    const { endpointId, secret } = await givenEndpoint(ctx, {
      url: receiver.url,
      event_types: ['user.deleted'],
    });
    receiver.secret = secret;
    const bystander = await givenEndpoint(ctx, { url: `${receiver.url}?other` });
    const sent = await webhooksApi(ctx, 'POST', `/${endpointId}/send_test_event`);
    expect(sent.statusCode, sent.body).toBe(200);
    const { event_id: eventId } = json(sent);
    expect(eventId).toMatch(/^msg_[0-9a-f]{32}$/);
    await ctx.app.webhooks.drain();

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.verifyError).toBeUndefined();
    expect(got?.id).toBe(eventId);
    expect(got?.verified).toEqual({
      type: 'webhook.test',
      timestamp: ctx.clock.now().toISOString(),
      data: { endpoint_id: endpointId, project_id: ctx.dev.project_id },
    });
    const [delivery] = await deliveriesOf(ctx, endpointId);
    expect(delivery).toMatchObject({ event_id: eventId, event_type: 'webhook.test', state: 'delivered' });
    expect(delivery?.attempts[0]).toMatchObject({ attempt: 1, status_code: 200, error: null });
    expect(delivery?.attempts[0]?.latency_ms).toBeGreaterThanOrEqual(0);
    expect(await deliveriesOf(ctx, bystander.endpointId)).toEqual([]);

    const replayed = await webhooksApi(ctx, 'POST', `/${endpointId}/replay`, { event_id: eventId });
    expect(replayed.statusCode).toBe(200);
    await ctx.app.webhooks.drain();
    expect(receiver.received.map((r) => r.id)).toEqual([eventId, eventId]);
  });

  it("an unknown or another project's endpoint → 404 webhook_endpoint_not_found, nothing queued", async () => {
    const other = await ctx.givenProject({});
    const { endpointId } = await givenEndpoint(ctx, { url: receiver.url });
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/v1/webhooks/endpoints/${endpointId}/send_test_event`,
      headers: { authorization: basic(other.project_id, other.secret) },
    });
    expect(json(foreign)).toMatchObject({ status_code: 404, error_type: 'webhook_endpoint_not_found' });
    const unknown = await webhooksApi(ctx, 'POST', '/webhook-endpoint-test-nope/send_test_event');
    expect(json(unknown).error_type).toBe('webhook_endpoint_not_found');
    expect(await deliveriesOf(ctx, endpointId)).toEqual([]);
  });
});

describe('step-up on the webhook calls', () => {
  it('a console session deletes an endpoint or rotates its secret only with a factor from the last 5 minutes', async () => {
    const op = await givenConsoleOperator();
    const created = await onDevProject(op.sessionToken, 'POST', '/endpoints', {
      url: 'https://a.example.com/h',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = json(created).endpoint.endpoint_id as string;
    ctx.clock.advance(5 * MINUTE + 1000);

    const rotate = () => onDevProject(op.sessionToken, 'POST', `/endpoints/${id}/rotate_secret`);
    const remove = () => onDevProject(op.sessionToken, 'DELETE', `/endpoints/${id}`);
    expect(json(await rotate())).toMatchObject({ status_code: 403, error_type: 'step_up_required' });
    expect(json(await remove())).toMatchObject({ status_code: 403, error_type: 'step_up_required' });
    // Nothing changed, and what is not destructive needs no step-up.
    expect(json(await webhooksApi(ctx, 'GET', `/${id}`)).endpoint.endpoint_id).toBe(id);
    expect(
      (await onDevProject(op.sessionToken, 'PUT', `/endpoints/${id}`, { enabled: false })).statusCode,
    ).toBe(200);
    expect((await onDevProject(op.sessionToken, 'POST', `/endpoints/${id}/send_test_event`)).statusCode).toBe(
      200,
    );

    await ctx.app.sessions.addFactor(ctx.db, op.project, op.sessionId, {
      type: 'webauthn',
      delivery_method: 'webauthn_registration',
      last_authenticated_at: ctx.clock.now().toISOString(),
    });
    expect(json(await rotate()).secret).toMatch(/^whsec_/);
    expect((await remove()).statusCode).toBe(200);
  });

  it('is not asked of an operator key or the project secret', async () => {
    const key = await newOperatorKey(ctx);
    const byKey = json(await onDevProject(key, 'POST', '/endpoints', { url: 'https://k.example.com/h' }));
    const bySecret = await givenEndpoint(ctx, { url: 'https://s.example.com/h' });
    ctx.clock.advance(60 * MINUTE);
    const keyId = byKey.endpoint.endpoint_id as string;
    expect((await onDevProject(key, 'POST', `/endpoints/${keyId}/rotate_secret`)).statusCode).toBe(200);
    expect((await onDevProject(key, 'DELETE', `/endpoints/${keyId}`)).statusCode).toBe(200);
    expect((await webhooksApi(ctx, 'POST', `/${bySecret.endpointId}/rotate_secret`)).statusCode).toBe(200);
    expect((await webhooksApi(ctx, 'DELETE', `/${bySecret.endpointId}`)).statusCode).toBe(200);
  });
});

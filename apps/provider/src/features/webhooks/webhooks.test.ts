import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { deliveriesOf, givenEndpoint, publishEvent, webhooksApi } from '../../../test/webhook-helpers.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { inTransaction } from '../../db/transaction.js';
import { RESPONSE_EXCERPT_BYTES } from './webhook-sender.js';

const ctx = useTestContext();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

beforeEach(async () => {
  // Standard Webhooks receivers refuse timestamps more than 5 minutes from their own clock.
  ctx.clock.set(new Date());
  receiver.received.length = 0;
  receiver.answer(200);
  // Each test starts with no endpoint, so no event of an earlier one is delivered to it.
  for (const endpoint of json(await webhooksApi(ctx, 'GET', '')).endpoints)
    await webhooksApi(ctx, 'DELETE', `/${endpoint.endpoint_id}`);
});

async function givenReceiverEndpoint(body: Record<string, unknown> = {}) {
  const created = await givenEndpoint(ctx, { url: receiver.url, ...body });
  receiver.secret = created.secret;
  return created.endpointId;
}

describe('webhook endpoint management', () => {
  it('shows a Standard Webhooks secret once, on create and on rotate, and stores it sealed', async () => {
    const created = await webhooksApi(ctx, 'POST', '', {
      url: 'https://hooks.example.com/latchkey',
      event_types: ['user.created', 'user.deleted'],
      description: 'CRM sync',
    });
    expect(created.statusCode).toBe(200);
    const { endpoint, secret } = json(created);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: 'https://hooks.example.com/latchkey',
      event_types: ['user.created', 'user.deleted'],
      description: 'CRM sync',
      enabled: true,
      disabled_reason: null,
    });
    expect(endpoint.endpoint_id).toMatch(/^webhook-endpoint-test-/);
    const stored = await ctx.db
      .selectFrom('webhook_endpoints')
      .select(['secret', 'secret_encryption'])
      .where('id', '=', endpoint.endpoint_id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encryption).toBe('aes-256-gcm');
    expect(stored.secret).not.toContain(secret.slice(6));

    const got = await webhooksApi(ctx, 'GET', `/${endpoint.endpoint_id}`);
    expect(json(got).endpoint).toEqual(endpoint);
    expect(got.body).not.toContain('whsec_');
    const listed = await webhooksApi(ctx, 'GET', '');
    expect(json(listed).endpoints).toEqual([endpoint]);

    const rotated = json(await webhooksApi(ctx, 'POST', `/${endpoint.endpoint_id}/rotate_secret`));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
  });

  it('updates the URL, the filters and enabled; deletes; unknown ids → 404', async () => {
    const { endpointId } = await givenEndpoint(ctx, { url: 'https://a.example.com/hook' });
    const updated = await webhooksApi(ctx, 'PUT', `/${endpointId}`, {
      url: 'https://b.example.com/hook',
      event_types: ['session.created'],
      enabled: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(json(updated).endpoint).toMatchObject({
      url: 'https://b.example.com/hook',
      event_types: ['session.created'],
      enabled: false,
    });
    const deleted = await webhooksApi(ctx, 'DELETE', `/${endpointId}`);
    expect(json(deleted)).toMatchObject({ status_code: 200, endpoint_id: endpointId });
    for (const [method, path] of [
      ['GET', `/${endpointId}`],
      ['PUT', `/${endpointId}`],
      ['DELETE', `/${endpointId}`],
      ['POST', `/${endpointId}/rotate_secret`],
      ['GET', `/${endpointId}/deliveries`],
    ] as const) {
      const response = await webhooksApi(ctx, method, path, method === 'PUT' ? { enabled: true } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(json(response).error_type).toBe('webhook_endpoint_not_found');
    }
  });

  it("another project's endpoints are unknown to a project", async () => {
    const { endpointId } = await givenEndpoint(ctx, { url: 'https://a.example.com/hook' });
    const other = await ctx.givenProject({});
    const response = await webhooksApi(
      ctx,
      'GET',
      `/${endpointId}`,
      undefined,
      basic(other.project_id, other.secret),
    );
    expect(response.statusCode).toBe(404);
    const list = await webhooksApi(ctx, 'GET', '', undefined, basic(other.project_id, other.secret));
    expect(json(list).endpoints).toEqual([]);
  });

  it('bad input → 400 naming the field, nothing created or changed', async () => {
    const { endpointId } = await givenEndpoint(ctx, { url: 'https://keep.example.com/hook' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'http://hooks.example.com/x' }, 'url'],
      [{ url: 'ftp://hooks.example.com/x' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://user:pass@hooks.example.com/x' }, 'url'],
      [{ url: 'https://hooks.example.com/x', event_types: ['user.exploded'] }, 'event_types'],
      [{ url: 'https://hooks.example.com/x', enabled: 'yes' }, 'enabled'],
      [{ event_types: ['user.created'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const response = await webhooksApi(ctx, 'POST', '', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(response).error_type).toBe('invalid_request');
      expect(response.body, JSON.stringify(body)).toContain(field);
      const update = await webhooksApi(ctx, 'PUT', `/${endpointId}`, {
        ...body,
        url: body.url ?? 'http://x.example.com',
      });
      expect(update.statusCode, `PUT ${JSON.stringify(body)}`).toBe(400);
    }
    const endpoints = json(await webhooksApi(ctx, 'GET', '')).endpoints;
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({ url: 'https://keep.example.com/hook', event_types: [] });
    const replay = await webhooksApi(ctx, 'POST', `/${endpointId}/replay`, {});
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('event_id');
    const unknown = await webhooksApi(ctx, 'POST', `/${endpointId}/replay`, { event_id: 'msg_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error_type).toBe('webhook_event_not_found');
  });

  it('accepts http only to loopback, and only in development', async () => {
    for (const url of ['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://[::1]:9/hook']) {
      expect((await webhooksApi(ctx, 'POST', '', { url })).statusCode, url).toBe(200);
    }
    expect((await webhooksApi(ctx, 'POST', '', { url: 'http://10.0.0.1/hook' })).statusCode).toBe(400);
  });

  it('no credentials → 401; a public token, or a public token with a session token → 403', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/v1/webhooks/endpoints' });
    expect(none.statusCode).toBe(401);
    for (const authorization of [
      basic(ctx.dev.public_token, ctx.dev.public_token),
      basic(ctx.dev.project_id, ctx.dev.public_token),
      basic(ctx.dev.public_token, 'a-session-token-of-a-signed-in-user-0123456789'),
    ]) {
      const response = await webhooksApi(
        ctx,
        'POST',
        '',
        { url: 'https://x.example.com/hook' },
        authorization,
      );
      expect(response.statusCode).toBe(403);
      expect(json(response).error_type).toBe('public_token_forbidden');
    }
    expect(json(await webhooksApi(ctx, 'GET', '')).endpoints).toEqual([]);
  });
});

describe('webhook delivery', () => {
  it('stamps webhook-timestamp with the real time, so a moved development clock does not make receivers refuse it', async () => {
    await givenReceiverEndpoint();
    ctx.clock.advance(31 * 60_000);
    await publishEvent(ctx, 'user.created', { user_id: 'user-test-moved', status: 'active' });
    await ctx.app.webhooks.drain();
    const [got] = receiver.received;
    expect(got?.verifyError).toBeUndefined();
    expect(Math.abs(Number(got?.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    // The event's own time in the body follows the provider's clock.
    expect(got?.verified?.timestamp).toBe(ctx.clock.now().toISOString());
  });

  it('signs each event per Standard Webhooks, delivers it once, and logs the attempt', async () => {
    const endpointId = await givenReceiverEndpoint();
    await publishEvent(ctx, 'user.created', { user_id: 'user-test-1', status: 'active' });
    await ctx.app.webhooks.drain();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.verifyError).toBeUndefined();
    expect(got?.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(got?.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(got?.verified).toEqual({
      type: 'user.created',
      timestamp: ctx.clock.now().toISOString(),
      data: { user_id: 'user-test-1', status: 'active' },
    });
    const [delivery] = await deliveriesOf(ctx, endpointId);
    expect(delivery).toMatchObject({ event_id: got?.id, event_type: 'user.created', state: 'delivered' });
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, response_excerpt: 'ok', error: null }),
    ]);
    await ctx.app.webhooks.drain();
    expect(receiver.received).toHaveLength(1);
  });

  it('sends only the types an endpoint asked for, and nothing to a disabled endpoint', async () => {
    await givenReceiverEndpoint({ event_types: ['session.created'] });
    const off = await givenEndpoint(ctx, { url: receiver.url, enabled: false });
    await publishEvent(ctx, 'user.created', { user_id: 'user-test-2' });
    await publishEvent(ctx, 'session.created', { session_id: 'session-test-2' });
    await ctx.app.webhooks.drain();
    expect(receiver.received.map((r) => r.verified?.type)).toEqual(['session.created']);
    expect(await deliveriesOf(ctx, off.endpointId)).toEqual([]);
  });

  it('writes nothing when the change rolls back', async () => {
    const endpointId = await givenReceiverEndpoint();
    await expect(
      inTransaction(ctx.db, async (trx) => {
        await ctx.app.domainEvents.publish(trx, {
          type: 'user.deleted',
          projectId: ctx.dev.project_id,
          actor: { type: 'system' },
          occurredAt: ctx.clock.now(),
          data: { user_id: 'user-test-3' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx.app.webhooks.drain();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(ctx, endpointId)).toEqual([]);
  });

  it('retries with growing, jittered waits while the receiver is down, and delivers once it is back (same event id)', async () => {
    // Start a little in the past, so the late attempts are still within the receiver's 5-minute tolerance.
    ctx.clock.set(new Date(Date.now() - 3 * 60_000));
    const endpointId = await givenReceiverEndpoint();
    await receiver.down();
    await publishEvent(ctx, 'password.changed', { user_id: 'user-test-4' });
    const ceilings = [5_000, 10_000, 20_000, 40_000];
    for (const [index, ceiling] of ceilings.entries()) {
      await ctx.app.webhooks.drain();
      const [delivery] = await deliveriesOf(ctx, endpointId);
      expect(delivery?.state).toBe('pending');
      expect(delivery?.attempts).toHaveLength(index + 1);
      // Refused, or a kept-alive connection found closed: no answer either way.
      expect(delivery?.attempts[index]).toMatchObject({ status_code: null, error: expect.any(String) });
      const wait = new Date(delivery?.next_attempt_at ?? 0).getTime() - ctx.clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
      expect(wait).toBeLessThan(ceiling);
      // Not before it is due.
      ctx.clock.advance(wait - 1);
      await ctx.app.webhooks.drain();
      expect((await deliveriesOf(ctx, endpointId))[0]?.attempts).toHaveLength(index + 1);
      ctx.clock.advance(1);
    }
    await receiver.up();
    await ctx.app.webhooks.drain();
    const [delivery] = await deliveriesOf(ctx, endpointId);
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((a) => a.status_code)).toEqual([null, null, null, null, 200]);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.verifyError).toBeUndefined();
    expect(receiver.received[0]?.id).toBe(delivery?.event_id);
  });

  it('keeps retrying for 24 hours from the event, then marks it failed; a replay delivers it with the same id', async () => {
    const endpointId = await givenReceiverEndpoint();
    receiver.answer(500, 'down for maintenance');
    const start = ctx.clock.now().getTime();
    await publishEvent(ctx, 'login.locked', { user_id: 'user-test-5' });
    let delivery = (await deliveriesOf(ctx, endpointId))[0];
    for (let guard = 0; delivery?.state === 'pending' && guard < 500; guard++) {
      ctx.clock.set(
        new Date(Math.max(ctx.clock.now().getTime(), new Date(delivery.next_attempt_at ?? 0).getTime())),
      );
      await ctx.app.webhooks.drain();
      delivery = (await deliveriesOf(ctx, endpointId))[0];
    }
    expect(delivery?.state).toBe('failed');
    const attempts = delivery?.attempts ?? [];
    expect(attempts.length).toBeGreaterThan(20);
    expect(
      attempts.every((a) => a.status_code === 500 && a.response_excerpt === 'down for maintenance'),
    ).toBe(true);
    // The last attempt came at least 24 hours after the event; the one before, less.
    expect(ctx.clock.now().getTime() - start).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    const ids = new Set(receiver.received.map((r) => r.id));
    expect(ids.size).toBe(1);
    expect(receiver.received).toHaveLength(attempts.length);

    ctx.clock.set(new Date());
    receiver.answer(204, '');
    receiver.received.length = 0;
    const replay = await webhooksApi(ctx, 'POST', `/${endpointId}/replay`, { event_id: delivery?.event_id });
    expect(json(replay)).toMatchObject({ status_code: 200, event_id: delivery?.event_id });
    await ctx.app.webhooks.drain();
    expect(receiver.received.map((r) => r.id)).toEqual([delivery?.event_id]);
    expect(receiver.received[0]?.verifyError).toBeUndefined();
    expect((await deliveriesOf(ctx, endpointId))[0]?.state).toBe('delivered');
  });

  it('a 410 Gone disables the endpoint; enabling it again clears the reason', async () => {
    const endpointId = await givenReceiverEndpoint();
    receiver.answer(410, 'gone');
    await publishEvent(ctx, 'factor.added', { user_id: 'user-test-6' });
    await ctx.app.webhooks.drain();
    expect((await deliveriesOf(ctx, endpointId))[0]?.state).toBe('failed');
    const endpoint = json(await webhooksApi(ctx, 'GET', `/${endpointId}`)).endpoint;
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    await publishEvent(ctx, 'factor.removed', { user_id: 'user-test-6' });
    await ctx.app.webhooks.drain();
    expect(receiver.received).toHaveLength(1);
    const enabled = json(await webhooksApi(ctx, 'PUT', `/${endpointId}`, { enabled: true })).endpoint;
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('pages the delivery log newest first with a cursor; a bad limit → 400 naming it', async () => {
    const endpointId = await givenReceiverEndpoint();
    for (const user of ['a', 'b', 'c']) await publishEvent(ctx, 'user.created', { user_id: user });
    const first = json(await webhooksApi(ctx, 'GET', `/${endpointId}/deliveries?limit=2`));
    expect(first.deliveries).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = json(
      await webhooksApi(ctx, 'GET', `/${endpointId}/deliveries?limit=2&cursor=${first.next_cursor}`),
    );
    expect(second.deliveries).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.deliveries, ...second.deliveries].map((d: { event_id: string }) => d.event_id);
    expect(new Set(ids).size).toBe(3);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=abc']) {
      const bad = await webhooksApi(ctx, 'GET', `/${endpointId}/deliveries?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.body).toContain(query.split('=')[0]);
    }
  });

  it('keeps at most 1 KiB of an answer and never follows a redirect', async () => {
    const endpointId = await givenReceiverEndpoint();
    receiver.answer(500, 'é'.repeat(5_000));
    await publishEvent(ctx, 'user.updated', { user_id: 'user-test-7' });
    await ctx.app.webhooks.drain();
    const excerpt = (await deliveriesOf(ctx, endpointId))[0]?.attempts[0]?.response_excerpt ?? '';
    expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES);
    expect(excerpt).toBe('é'.repeat(RESPONSE_EXCERPT_BYTES / 2));

    const target = await startWebhookReceiver();
    try {
      await webhooksApi(ctx, 'DELETE', `/${endpointId}`);
      const redirected = await givenReceiverEndpoint();
      receiver.received.length = 0;
      // A 307 keeps the method and body: following it would hand the signed event to another host.
      receiver.answer(307, '', { location: target.url });
      await publishEvent(ctx, 'user.updated', { user_id: 'user-test-8' });
      await ctx.app.webhooks.drain();
      expect(target.received).toEqual([]);
      const [delivery] = await deliveriesOf(ctx, redirected);
      expect(delivery).toMatchObject({ state: 'pending' });
      expect(delivery?.attempts[0]?.status_code).toBe(307);
    } finally {
      await target.close();
    }
  });
});

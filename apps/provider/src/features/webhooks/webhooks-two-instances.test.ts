/** Two provider processes on one database deliver each event once per attempt (row claims with SKIP LOCKED). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../../test/use-two-instances.js';
import { deliveriesOf, givenEndpoint, publishEvent } from '../../../test/webhook-helpers.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

const { ctx, second } = useTwoInstances();
let receiver: WebhookReceiver;
let endpointId: string;

beforeAll(async () => {
  ctx.clock.set(new Date());
  receiver = await startWebhookReceiver();
  // Slow answers keep both workers' claims open at once, so they contend for the same rows.
  receiver.delayMs = 20;
  const created = await givenEndpoint(ctx, { url: receiver.url });
  receiver.secret = created.secret;
  endpointId = created.endpointId;
});
afterAll(async () => receiver?.close());

const drainBoth = () => Promise.all([ctx.app.webhooks.drain(), second.app.webhooks.drain()]);

describe('webhooks on two instances', () => {
  it('delivers each of 30 events exactly once while both workers drain at once', async () => {
    for (let i = 0; i < 30; i++) await publishEvent(ctx, 'user.created', { user_id: `user-test-${i}` });
    await drainBoth();
    const ids = receiver.received.map((r) => r.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(receiver.received.every((r) => r.verifyError === undefined)).toBe(true);
    const log = await deliveriesOf(ctx, endpointId, '?limit=100');
    expect(log.every((d) => d.state === 'delivered' && d.attempts.length === 1)).toBe(true);
  });

  it('while the receiver fails, each attempt is made once: attempt n by one instance only', async () => {
    receiver.received.length = 0;
    receiver.answer(503);
    for (let i = 0; i < 10; i++)
      await publishEvent(ctx, 'session.created', { session_id: `session-test-${i}` });
    for (let round = 0; round < 3; round++) {
      await drainBoth();
      ctx.clock.advance(60 * 60_000);
    }
    const byEvent = new Map<string, number>();
    for (const r of receiver.received) byEvent.set(r.id, (byEvent.get(r.id) ?? 0) + 1);
    expect(byEvent.size).toBe(10);
    expect([...byEvent.values()].every((count) => count === 3)).toBe(true);
    const log = (await deliveriesOf(ctx, endpointId, '?limit=100')).filter(
      (d) => d.event_type === 'session.created',
    );
    for (const delivery of log) expect(delivery.attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
  });
});

/**
 * The outbox remembers which event types of a project no endpoint takes (issue 18), and forgets it
 * the moment any process changes an endpoint of that project: an endpoint receives every event
 * published after its creation (or change) committed, on this instance or another. PGlite and
 * TEST_DATABASE_URL (two instances on one database).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { basic, type TestContext } from '../../../test/test-app.js';
import { useTwoInstances } from '../../../test/use-two-instances.js';
import { givenEndpoint, publishEvent, webhooksApi } from '../../../test/webhook-helpers.js';

const { ctx, second } = useTwoInstances();

beforeEach(async () => {
  ctx.clock.set(new Date());
  await ctx.db.deleteFrom('webhook_endpoints').execute();
  await ctx.db.deleteFrom('webhook_events').execute();
});

/** The types of the outbox rows written, oldest first (the endpoints' deliveries come with them). */
const outboxTypes = async () =>
  (
    await ctx.db.selectFrom('webhook_events').select('type').orderBy('occurred_at').orderBy('id').execute()
  ).map((row) => row.type);

/** Publishes a `session.created` of the dev project on the first instance. */
const signInEvent = (instance: TestContext, n: number) =>
  publishEvent(instance, 'session.created', { session_id: `session-test-${n}` });

/** The management API of the second instance (same project, same secret). */
const onSecond = (method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) =>
  webhooksApi({ app: second.app, dev: ctx.dev } as TestContext, method, path, payload);

describe('events no endpoint takes', () => {
  it('an endpoint created on this instance right after an unreceived event gets the next one', async () => {
    await signInEvent(ctx, 1); // nobody takes it: remembered
    await signInEvent(ctx, 2);
    await givenEndpoint(ctx, { url: 'https://hooks.example.com/a' });
    await signInEvent(ctx, 3);
    expect(await outboxTypes()).toEqual(['session.created']);
  });

  it('an endpoint created on the other instance gets the next event published here', async () => {
    await signInEvent(ctx, 1);
    await signInEvent(ctx, 2);
    const created = await onSecond('POST', '', { url: 'https://hooks.example.com/b' });
    expect(created.statusCode, created.body).toBe(200);
    await signInEvent(ctx, 3);
    expect(await outboxTypes()).toEqual(['session.created']);
  });

  it('an endpoint changed to take the type, or enabled again, gets the next event', async () => {
    const { endpointId } = await givenEndpoint(ctx, {
      url: 'https://hooks.example.com/c',
      event_types: ['user.created'],
    });
    await signInEvent(ctx, 1);
    await signInEvent(ctx, 2);
    const widened = await onSecond('PUT', `/${endpointId}`, {
      event_types: ['user.created', 'session.created'],
    });
    expect(widened.statusCode, widened.body).toBe(200);
    await signInEvent(ctx, 3);
    expect(await outboxTypes()).toEqual(['session.created']);

    // Disabled: nothing; enabled again on the other instance: the next event is recorded.
    await webhooksApi(ctx, 'PUT', `/${endpointId}`, { enabled: false });
    await signInEvent(ctx, 4);
    await signInEvent(ctx, 5);
    await onSecond('PUT', `/${endpointId}`, { enabled: true });
    await signInEvent(ctx, 6);
    expect(await outboxTypes()).toEqual(['session.created', 'session.created']);
  });

  it("an endpoint of another project gets that project's next event, and this project still writes none", async () => {
    const other = await ctx.givenProject({ name: 'Other project' });
    const otherEvent = (n: number) =>
      publishEvent(ctx, 'session.created', { session_id: `session-test-other-${n}` }, other.project_id);
    await signInEvent(ctx, 1);
    await otherEvent(1);
    await otherEvent(2);
    const created = await webhooksApi(
      { app: second.app, dev: ctx.dev } as TestContext,
      'POST',
      '',
      { url: 'https://hooks.example.com/d' },
      basic(other.project_id, other.secret),
    );
    expect(created.statusCode, created.body).toBe(200);
    await otherEvent(3);
    await signInEvent(ctx, 2);
    const rows = await ctx.db.selectFrom('webhook_events').select('project_id').execute();
    expect(rows).toEqual([{ project_id: other.project_id }]);
  });
});

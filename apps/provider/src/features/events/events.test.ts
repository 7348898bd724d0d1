/** POST /sdk/v1/events: telemetry batches without Authorization. */
import { expect, it } from 'vitest';
import { countRows } from '../../../test/row-counts.js';
import { DEMO_ORIGIN, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

const telemetry = {
  event_id: 'event-id-1',
  app_session_id: 'app-session-id-1',
  persistent_id: 'persistent-id-1',
  client_sent_at: '2026-03-01T12:00:00.000Z',
  timezone: 'UTC',
  app: { identifier: 'localhost' },
  sdk: { identifier: 'Stytch.js Javascript SDK', version: '5.1.2' },
};

const post = (payload: unknown, origin: string = DEMO_ORIGIN) =>
  ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/events',
    headers: { 'content-type': 'application/json', origin },
    payload: JSON.stringify(payload),
  });

it('stores each event of a batch against its project and answers the bare envelope', async () => {
  const response = await post([
    {
      telemetry,
      event: {
        public_token: ctx.dev.public_token,
        event_name: 'sdk_instance_instantiated',
        details: { a: 1 },
      },
    },
    {
      telemetry,
      event: {
        public_token: ctx.dev.public_token,
        event_name: 'render_login_screen',
        details: {},
        error_code: 'x',
      },
    },
    { telemetry, event: { public_token: 'public-token-test-unknown', event_name: 'dropped' } },
  ]);
  expect(response.statusCode).toBe(200);
  expect(json(response).data).toEqual({ request_id: expect.any(String), status_code: 200 });
  expect(response.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN);
  const rows = await ctx.db.selectFrom('sdk_events').selectAll().orderBy('id').execute();
  expect(rows.map((r) => [r.project_id, r.event_name, r.origin])).toEqual([
    [ctx.dev.project_id, 'sdk_instance_instantiated', DEMO_ORIGIN],
    [ctx.dev.project_id, 'render_login_screen', DEMO_ORIGIN],
  ]);
  expect(rows[1]?.payload).toMatchObject({ event: { error_code: 'x' }, telemetry: { timezone: 'UTC' } });
});

it('rejects a batch that is not an array of {telemetry, event} and stores nothing', async () => {
  const before = await countRows(ctx, 'sdk_events');
  for (const payload of [
    {},
    [{ event: { public_token: 'x', event_name: 'y' } }],
    [{ telemetry, event: { event_name: 'y' } }],
  ]) {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('invalid_request');
  }
  expect(await countRows(ctx, 'sdk_events')).toBe(before);
});

it('bounds a batch at 100 events', async () => {
  const item = { telemetry, event: { public_token: ctx.dev.public_token, event_name: 'e' } };
  const response = await post(Array.from({ length: 101 }, () => item));
  expect(response.statusCode).toBe(400);
});

it('refuses a foreign origin with 403 invalid_origin', async () => {
  const response = await post([], 'https://evil.example');
  expect(response.statusCode).toBe(403);
  expect(json(response).error_type).toBe('invalid_origin');
});

/** A JSON body naming a key twice is refused before anything runs (today the last one won: mail went to the second address). */
import { expect, it } from 'vitest';
import { rowCounts } from '../../test/row-counts.js';
import { devProjectAuthorization } from '../../test/server-api-calls.js';
import { json, sdkHeaders } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';

const ctx = useTestContext();

const touched = ['users', 'emails', 'magic_links', 'outbox_messages', 'rate_limit_buckets'] as const;

it.each([
  ['top level', '{"email":"victim@example.com","email":"attacker@example.com"}', 'email'],
  ['escaped spelling', '{"email":"victim@example.com","\\u0065mail":"attacker@example.com"}', 'email'],
  [
    'nested',
    '{"email":"victim@example.com","dfp_telemetry_id":"x","login_magic_link_url":"http://localhost:4100/a","login_magic_link_url":"http://localhost:4100/b"}',
    'login_magic_link_url',
  ],
])('%s → 400 invalid_request naming the key, nothing sent or stored', async (_case, payload, key) => {
  const before = await rowCounts(ctx, touched);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/magic_links/email/login_or_create',
    headers: sdkHeaders(ctx.dev.public_token),
    payload,
  });
  expect(response.statusCode).toBe(400);
  expect(json(response)).toMatchObject({ error_type: 'invalid_request' });
  expect(json(response).error_message).toContain(`"${key}"`);
  expect(await rowCounts(ctx, touched)).toEqual(before);
});

it('applies to the server API too', async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v1/sessions/authenticate',
    headers: { authorization: devProjectAuthorization(ctx), 'content-type': 'application/json' },
    payload: '{"session_token":"a","session_token":"b"}',
  });
  expect(response.statusCode).toBe(400);
  expect(json(response)).toMatchObject({ error_type: 'invalid_request' });
});

it('still accepts the same key in sibling objects', async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/events',
    headers: sdkHeaders(ctx.dev.public_token),
    payload: JSON.stringify(
      ['a', 'b'].map((id) => ({
        telemetry: { event_id: id },
        event: { public_token: ctx.dev.public_token, event_name: 'render_login_screen' },
      })),
    ),
  });
  expect(response.statusCode).toBe(200);
});

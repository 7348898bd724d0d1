import { describe, expect, it } from 'vitest';
import { onlyProjectRequest, providerError, useFakeServerApi } from '../test/helpers/fake-server-api.js';

const api = useFakeServerApi();
const { givenProvider } = api;

const endpoint = {
  endpoint_id: 'webhook-endpoint-test-0001',
  url: 'https://hooks.example.com/latchkey',
  description: '',
  event_types: ['user.deleted'],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
};
const answer = (fields: Record<string, unknown>) => ({
  status_code: 200,
  request_id: 'request-id-test-1',
  ...fields,
});

describe('webhookEndpoints', () => {
  it('creates an endpoint with the project secret and returns it with its secret', async () => {
    const client = givenProvider(200, answer({ endpoint, secret: 'whsec_c2VjcmV0' }));
    const created = await client.webhookEndpoints.create({
      url: endpoint.url,
      event_types: ['user.deleted'],
    });
    expect(created).toEqual({ endpoint, secret: 'whsec_c2VjcmV0' });
    expect(onlyProjectRequest(api)).toEqual({
      method: 'POST',
      path: '/v1/webhooks/endpoints',
      body: { url: endpoint.url, event_types: ['user.deleted'] },
    });
  });

  it('lists, gets, updates, deletes, rotates, reads deliveries and replays on their paths', async () => {
    const client = givenProvider(
      200,
      answer({
        endpoints: [endpoint],
        endpoint,
        secret: 'whsec_x',
        deliveries: [],
        next_cursor: null,
        event_id: 'msg_0002',
        event_types: [{ event_type: 'user.created', description: 'A user is created.' }],
      }),
    );
    expect(await client.webhookEndpoints.list()).toEqual([endpoint]);
    expect(await client.webhookEndpoints.get(endpoint.endpoint_id)).toEqual(endpoint);
    expect(await client.webhookEndpoints.update(endpoint.endpoint_id, { enabled: false })).toEqual(endpoint);
    await client.webhookEndpoints.delete(endpoint.endpoint_id);
    expect((await client.webhookEndpoints.rotateSecret(endpoint.endpoint_id)).secret).toBe('whsec_x');
    expect(
      await client.webhookEndpoints.deliveries(endpoint.endpoint_id, { limit: 5, cursor: '42' }),
    ).toEqual({
      deliveries: [],
      next_cursor: null,
    });
    await client.webhookEndpoints.replay(endpoint.endpoint_id, 'msg_0001');
    expect(await client.webhookEndpoints.sendTestEvent(endpoint.endpoint_id)).toBe('msg_0002');
    expect(await client.webhookEndpoints.eventTypes()).toEqual([
      { event_type: 'user.created', description: 'A user is created.' },
    ]);
    const one = `/v1/webhooks/endpoints/${endpoint.endpoint_id}`;
    expect(api.server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/v1/webhooks/endpoints', ''],
      ['GET', one, ''],
      ['PUT', one, '{"enabled":false}'],
      ['DELETE', one, ''],
      ['POST', `${one}/rotate_secret`, ''],
      ['GET', `${one}/deliveries?limit=5&cursor=42`, ''],
      ['POST', `${one}/replay`, '{"event_id":"msg_0001"}'],
      ['POST', `${one}/send_test_event`, ''],
      ['GET', '/v1/webhooks/event_types', ''],
    ]);
  });

  it('refuses an empty id before any request, and maps the provider errors', async () => {
    const notFound = providerError('webhook_endpoint_not_found');
    const client = givenProvider(notFound.status, notFound.body);
    await expect(client.webhookEndpoints.get('')).rejects.toMatchObject({ code: 'invalid_argument' });
    expect(api.server.requests).toHaveLength(0);
    await expect(client.webhookEndpoints.get('webhook-endpoint-test-9')).rejects.toMatchObject(
      notFound.thrown,
    );
  });
});

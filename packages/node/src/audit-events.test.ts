import { describe, expect, it } from 'vitest';
import { PROJECT_BASIC_AUTHORIZATION, useFakeServerApi } from '../test/helpers/fake-server-api.js';
import { createLatchkeyServerClient } from './create-server-client.js';

const api = useFakeServerApi();
const { givenProvider } = api;

const page = {
  status_code: 200,
  request_id: 'request-id-test-0020',
  audit_events: [{ audit_event_id: 'audit-event-test-1', action: 'user.deleted' }],
  results_metadata: { next_cursor: null },
};

describe('auditEvents', () => {
  it('list GETs /v1/audit_events with the filters in the query string and returns the flat answer', async () => {
    const client = givenProvider(200, page);
    expect(
      await client.auditEvents.list({
        action: ['user.deleted', 'session.revoked'],
        actor_type: 'project',
        occurred_after: new Date('2026-11-26T00:00:00Z'),
        limit: 50,
        cursor: 'abc',
      }),
    ).toEqual(page);
    const [request] = api.server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe(
      '/v1/audit_events?action=user.deleted%2Csession.revoked&actor_type=project&occurred_after=2026-11-26T00%3A00%3A00.000Z&limit=50&cursor=abc',
    );
    expect(request?.headers.authorization).toBe(PROJECT_BASIC_AUTHORIZATION);
  });

  it('list without filters asks for the first page', async () => {
    const client = givenProvider(200, page);
    await client.auditEvents.list();
    expect(api.server.requests[0]?.path).toBe('/v1/audit_events');
  });

  it('refuses to call without the project secret', async () => {
    const client = createLatchkeyServerClient({
      providerUrl: 'http://127.0.0.1:9',
      projectId: 'project-test-x',
    });
    await expect(client.auditEvents.list()).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerError } from '../test/helpers/fake-server-api.js';
import { type HttpTestServer, sendJson, startHttpTestServer } from '../test/helpers/http-test-server.js';
import { createLatchkeyOperatorClient } from './operator-client.js';

const KEY =
  'operator-secret-00000000-0000-4000-8000-000000000001-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(() => server.close());

function answering(status: number, body: unknown) {
  server.requests.length = 0;
  server.handle = (_request, response) => sendJson(response, status, body);
  return createLatchkeyOperatorClient({ providerUrl: server.url, operatorKey: KEY });
}

describe('the operator client', () => {
  it('sends each call with the operator key as a Bearer token, to the documented path and method', async () => {
    const project = { project_id: 'project-test-1', name: 'Acme' };
    const client = answering(200, { status_code: 200, request_id: 'r', project, secret: 's' });
    await client.projects.update('project-test-1', { name: 'Acme', mfa_required: true });
    await client.projects.rotateSecret('project-test-1', { grace_period_minutes: 60 });
    await client.oauthProviders.set('project-test-1', 'github', { client_id: 'c', client_secret: 'x' });
    await client.oauthProviders.remove('project-test-1', 'github');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /v1/projects/project-test-1',
      'POST /v1/projects/project-test-1/secrets/rotate',
      'PUT /v1/projects/project-test-1/oauth_providers/github',
      'DELETE /v1/projects/project-test-1/oauth_providers/github',
    ]);
    for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ name: 'Acme', mfa_required: true });
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ grace_period_minutes: 60 });
  });

  it('reads the operator view of the audit log with its filters in the query string', async () => {
    const page = {
      status_code: 200,
      request_id: 'r',
      audit_events: [],
      results_metadata: { next_cursor: null },
    };
    const client = answering(200, page);
    expect(
      await client.auditEvents.list({
        action: ['operator_key.created', 'project.updated'],
        project_id: 'p',
        limit: 5,
      }),
    ).toEqual(page);
    expect(server.requests[0]?.path).toBe(
      '/v1/audit_events/operator?action=operator_key.created%2Cproject.updated&project_id=p&limit=5',
    );
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('lists a page with its cursor and returns the next one', async () => {
    const client = answering(200, {
      projects: [{ project_id: 'p' }],
      results_metadata: { next_cursor: 'next' },
    });
    expect(await client.projects.list({ limit: 1, cursor: 'abc' })).toEqual({
      projects: [{ project_id: 'p' }],
      next_cursor: 'next',
    });
    expect(server.requests[0]?.path).toBe('/v1/projects?limit=1&cursor=abc');
  });

  it("throws the provider's error as a LatchkeyServerError with the wire error_type", async () => {
    const invalid = providerError('invalid_request');
    const client = answering(invalid.status, invalid.body);
    await expect(client.projects.update('p', { vertical: 'x' })).rejects.toMatchObject(invalid.thrown);
  });

  it('refuses a missing operator key before any call', () => {
    expect(() => createLatchkeyOperatorClient({ providerUrl: server.url, operatorKey: '' })).toThrow(
      /operatorKey must be a non-empty string/,
    );
  });
});

describe('forProject', () => {
  it("acts on the project's server API with the operator key and Latchkey-Project-Id, never Basic", async () => {
    const client = answering(200, {
      status_code: 200,
      request_id: 'r',
      results: [],
      results_metadata: {},
      revoked_session_ids: [],
    });
    const managed = client.forProject('project-test-7');
    expect(managed.projectId).toBe('project-test-7');
    await managed.users.search({ limit: 5 });
    await managed.sessions.revokeAll('user-test-1');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/users/search',
      'POST /v1/sessions/revoke_all',
    ]);
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.headers['latchkey-project-id']).toBe('project-test-7');
    }
  });

  it('refuses an empty project id before any call', () => {
    const client = answering(200, {});
    expect(() => client.forProject('')).toThrow(/projectId must be a non-empty string/);
  });
});

describe('activity and emailPreviews', () => {
  it('reads the figures of a window and the previews, from the documented paths', async () => {
    const figures = {
      project_id: 'p',
      window: '24h',
      bucket: 'hour',
      from: 'a',
      to: 'b',
      buckets: [],
      totals: {},
    };
    let client = answering(200, { status_code: 200, request_id: 'r', ...figures });
    expect(await client.activity('project-test-1', { window: '24h' })).toEqual(figures);
    expect(server.requests[0]?.path).toBe('/v1/projects/project-test-1/activity?window=24h');
    const preview = {
      kind: 'otp_login',
      title: 't',
      sent_when: 'w',
      subject: 's',
      html: '<!doctype html>',
      text: 'x',
    };
    client = answering(200, {
      status_code: 200,
      request_id: 'r',
      project_id: 'p',
      email_previews: [preview],
    });
    expect(await client.emailPreviews('project-test-1')).toEqual([preview]);
    expect(server.requests[0]?.path).toBe('/v1/projects/project-test-1/email_previews');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

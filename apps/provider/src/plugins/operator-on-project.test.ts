/**
 * Issue 21: an operator credential (Bearer) with `Latchkey-Project-Id` acts on that project's server
 * API, and the audit log names the operator; a project secret still never reaches another project.
 */
import { describe, expect, it } from 'vitest';
import { devProjectAuthorization } from '../../test/server-api-calls.js';
import { basic, json } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';
import { createOperatorKey, revokeOperatorKeyById } from '../features/operator-keys/operator-keys.service.js';
import { cryptoRandom } from '../random.js';

const ctx = useTestContext();

async function operatorKey(name = 'console test') {
  return createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, name);
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const asOperator = (secret: string, projectId: string) => ({
  authorization: `Bearer ${secret}`,
  'latchkey-project-id': projectId,
});

async function auditActions(projectId: string, secret: string) {
  const answer = await call('GET', '/v1/audit_events', asOperator(secret, projectId));
  expect(answer.statusCode).toBe(200);
  return json(answer).audit_events as { action: string; actor: { type: string; id?: string } }[];
}

describe('an operator acting on one project through Latchkey-Project-Id', () => {
  it('manages users, sessions and webhook endpoints, and the audit log names the operator', async () => {
    const project = await ctx.givenProject({ name: 'Managed' });
    const { key, secret } = await operatorKey();
    const headers = asOperator(secret, project.project_id);

    const created = await call('POST', '/v1/users', headers, { email: 'ada@example.com' });
    expect(created.statusCode).toBe(200);
    const userId = json(created).user_id as string;
    const got = await call('GET', `/v1/users/${userId}`, headers);
    expect(got.statusCode).toBe(200);
    // The user is the named project's, not another's.
    const fromDev = await call('GET', `/v1/users/${userId}`, {
      authorization: devProjectAuthorization(ctx),
    });
    expect(json(fromDev).error_type).toBe('user_not_found');
    const found = await call('POST', '/v1/users/search', headers, { limit: 10 });
    expect(json(found).results.map((u: { user_id: string }) => u.user_id)).toEqual([userId]);

    const updated = await call('PUT', `/v1/users/${userId}`, headers, { name: { first_name: 'Ada' } });
    expect(updated.statusCode).toBe(200);
    const sessions = await call('GET', `/v1/sessions?user_id=${userId}`, headers);
    expect(json(sessions).sessions).toEqual([]);
    const revoked = await call('POST', '/v1/sessions/revoke_all', headers, { user_id: userId });
    expect(revoked.statusCode).toBe(200);

    const endpoint = await call('POST', '/v1/webhooks/endpoints', headers, {
      url: 'https://hooks.example.com/latchkey',
    });
    expect(endpoint.statusCode).toBe(200);
    const listed = await call('GET', '/v1/webhooks/endpoints', headers);
    expect(json(listed).endpoints).toHaveLength(1);

    const deleted = await call('DELETE', `/v1/users/${userId}`, headers);
    expect(deleted.statusCode).toBe(200);

    const records = await auditActions(project.project_id, secret);
    expect(records.map((r) => r.action).sort()).toEqual(
      ['user.created', 'user.updated', 'user.deleted', 'webhook_endpoint.created'].sort(),
    );
    for (const record of records) expect(record.actor).toEqual({ type: 'operator', id: key.key_id });
  });

  it('still records the project as the actor when its own secret makes the change', async () => {
    const project = await ctx.givenProject({ name: 'Self-managed' });
    const { secret } = await operatorKey();
    const created = await call(
      'POST',
      '/v1/users',
      { authorization: basic(project.project_id, project.secret) },
      { email: 'grace@example.com' },
    );
    expect(created.statusCode).toBe(200);
    const records = await auditActions(project.project_id, secret);
    expect(records.map((r) => r.actor)).toEqual([{ type: 'project', id: project.project_id }]);
  });

  it('answers 404 project_not_found for an unknown project, only after the credential is checked', async () => {
    const { secret } = await operatorKey();
    const unknown = await call('GET', '/v1/audit_events', asOperator(secret, 'project-test-nope'));
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error_type).toBe('project_not_found');
    // A wrong credential learns nothing about which projects exist.
    const forged = `operator-secret-00000000-0000-4000-8000-000000000000-${'A'.repeat(43)}`;
    const probing = await call('GET', '/v1/audit_events', asOperator(forged, 'project-test-nope'));
    expect(probing.statusCode).toBe(401);
    expect(json(probing).error_type).toBe('invalid_operator_key');
  });

  it('refuses a revoked operator key and a session of an ordinary project', async () => {
    const { key, secret } = await operatorKey();
    await revokeOperatorKeyById(ctx.db, ctx.clock, key.key_id);
    const revoked = await call('POST', '/v1/users/search', asOperator(secret, ctx.dev.project_id), {});
    expect(revoked.statusCode).toBe(401);
    expect(json(revoked).error_type).toBe('invalid_operator_key');
    const sessionShaped = await call(
      'POST',
      '/v1/users/search',
      asOperator('A'.repeat(43), ctx.dev.project_id),
      {},
    );
    expect(sessionShaped.statusCode).toBe(403);
    expect(json(sessionShaped).error_type).toBe('operator_credential_required');
  });

  it('says what is missing when the header or the operator credential is sent without the other', async () => {
    const { secret } = await operatorKey();
    const keyOnly = await call('POST', '/v1/users/search', { authorization: `Bearer ${secret}` }, {});
    expect(keyOnly.statusCode).toBe(401);
    expect(json(keyOnly).error_message).toContain('Latchkey-Project-Id');

    const headerOnly = await call(
      'POST',
      '/v1/users/search',
      { 'latchkey-project-id': ctx.dev.project_id },
      {},
    );
    expect(headerOnly.statusCode).toBe(401);
    expect(json(headerOnly).error_type).toBe('unauthorized_credentials');
    expect(json(headerOnly).error_message).toContain('operator credential');

    const empty = await call('POST', '/v1/users/search', asOperator(secret, ' '), {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error_type).toBe('invalid_request');
  });

  it('never lets a project secret act on another project, even when it names one', async () => {
    const a = await ctx.givenProject({ name: 'A' });
    const b = await ctx.givenProject({ name: 'B' });
    await call(
      'POST',
      '/v1/users',
      { authorization: basic(b.project_id, b.secret) },
      { email: 'b@example.com' },
    );
    const naming = await call(
      'POST',
      '/v1/users/search',
      { authorization: basic(a.project_id, a.secret), 'latchkey-project-id': b.project_id },
      {},
    );
    expect(naming.statusCode).toBe(400);
    expect(json(naming).error_type).toBe('invalid_request');
    expect(json(naming).error_message).toContain('Latchkey-Project-Id');
    const crossed = await call(
      'POST',
      '/v1/users/search',
      { authorization: basic(b.project_id, a.secret) },
      {},
    );
    expect(json(crossed).error_type).toBe('invalid_secret_authentication');
    // A's secret as a Bearer credential is no operator credential either.
    const bearerSecret = await call('POST', '/v1/users/search', asOperator(a.secret, b.project_id), {});
    expect(bearerSecret.statusCode).toBe(403);
    expect(json(bearerSecret).error_type).toBe('operator_credential_required');
  });
});

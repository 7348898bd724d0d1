/**
 * Issue 20: the operator view of the audit log (GET /v1/audit_events/operator, an operator key).
 * Operator keys belong to no project, so their creation and revocation are deployment records;
 * project creation, settings and secret rotation are the operators' changes to a project. Every
 * one says who, what, when and from where, and is written in the change's transaction.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operatorAuthorization } from '../../../test/project-admin-calls.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
let failing = false;

beforeAll(() => {
  ctx.app.domainEvents.subscribeDeployment(async () => {
    if (failing) throw new Error('recording failed');
  });
});
beforeEach(async () => {
  failing = false;
  await ctx.db.deleteFrom('audit_events').execute();
});

async function asOperator(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      authorization: await operatorAuthorization(ctx),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function operatorLog(query = '') {
  const response = await asOperator('GET', `/v1/audit_events/operator${query}`);
  expect(response.statusCode).toBe(200);
  return json(response);
}

describe('GET /v1/audit_events/operator', () => {
  it('records operator-key creation and revocation once each, with no project, who, when and from where, never the key', async () => {
    const created = json(await asOperator('POST', '/v1/operator_keys', { name: 'Console' }));
    const keyId = created.operator_key.key_id as string;
    ctx.clock.advance(1_000);
    expect((await asOperator('DELETE', `/v1/operator_keys/${keyId}`)).statusCode).toBe(200);

    const body = await operatorLog();
    const [callerKey] = (await asOperator('GET', '/v1/operator_keys').then(json)).operator_keys.filter(
      (key: { name: string }) => key.name === 'tests',
    );
    const records = body.audit_events.filter(
      (r: { details: { key_id?: string } }) => r.details.key_id === keyId,
    );
    expect(records).toEqual([
      {
        audit_event_id: expect.stringMatching(/^audit-event-live-/),
        project_id: null,
        occurred_at: ctx.clock.now().toISOString(),
        action: 'operator_key.revoked',
        actor: { type: 'operator', id: callerKey.key_id },
        user_id: null,
        ip_address: '127.0.0.1',
        details: { key_id: keyId },
        changes: {
          before: expect.objectContaining({ key_id: keyId, revoked_at: null }),
          after: expect.objectContaining({ key_id: keyId, revoked_at: ctx.clock.now().toISOString() }),
        },
      },
      expect.objectContaining({
        project_id: null,
        action: 'operator_key.created',
        actor: { type: 'operator', id: callerKey.key_id },
        ip_address: '127.0.0.1',
        changes: { before: null, after: expect.objectContaining({ key_id: keyId, name: 'Console' }) },
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain(created.secret);
    // No project's back end sees the deployment's records.
    const own = json(
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/audit_events',
        headers: { authorization: devProjectAuthorization(ctx) },
      }),
    );
    expect(own.audit_events).toEqual([]);
  });

  it("lists operators' changes to projects (creation, settings, secret rotation) beside them, filterable by project", async () => {
    const project = json(await asOperator('POST', '/v1/projects', { name: 'Audited' })).project;
    await asOperator('PATCH', `/v1/projects/${project.project_id}`, { mfa_required: true });
    await asOperator('POST', `/v1/projects/${project.project_id}/secrets/rotate`, {
      grace_period_minutes: 0,
    });
    await asOperator('POST', '/v1/operator_keys', { name: 'Another' });

    const all = await operatorLog();
    expect(all.audit_events.map((r: { action: string }) => r.action).sort()).toEqual([
      'operator_key.created',
      'project.created',
      'project.secret_rotated',
      'project.updated',
    ]);
    const ofProject = await operatorLog(`?project_id=${project.project_id}`);
    expect(ofProject.audit_events.map((r: { action: string }) => r.action).sort()).toEqual([
      'project.created',
      'project.secret_rotated',
      'project.updated',
    ]);
    for (const record of ofProject.audit_events)
      expect(record).toMatchObject({
        project_id: project.project_id,
        actor: { type: 'operator' },
        ip_address: '127.0.0.1',
      });
    const rotated = ofProject.audit_events.find(
      (r: { action: string }) => r.action === 'project.secret_rotated',
    );
    expect(JSON.stringify(rotated)).not.toMatch(/secret-(test|live)-/);
    const keys = await operatorLog('?action=operator_key.created&limit=1');
    expect(keys.audit_events).toHaveLength(1);
    expect(keys.results_metadata.next_cursor).toBeNull();
  });

  it("leaves out what a project's own back end or its users did", async () => {
    await postServerApi(ctx, '/v1/users', devProjectAuthorization(ctx), {
      email: 'not-operator@example.com',
    });
    expect((await operatorLog()).audit_events).toEqual([]);
  });

  it('needs an operator key: a project secret is refused', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/v1/audit_events/operator',
      headers: { authorization: devProjectAuthorization(ctx) },
    });
    expect(response.statusCode).toBe(403);
  });

  it('when the record cannot be written the key is neither created nor revoked', async () => {
    const before = await ctx.db.selectFrom('operator_keys').select('id').execute();
    failing = true;
    expect((await asOperator('POST', '/v1/operator_keys', { name: 'Unrecorded' })).statusCode).toBe(500);
    expect(await ctx.db.selectFrom('operator_keys').select('id').execute()).toEqual(before);
    failing = false;
    const keyId = json(await asOperator('POST', '/v1/operator_keys', { name: 'Kept' })).operator_key.key_id;
    failing = true;
    expect((await asOperator('DELETE', `/v1/operator_keys/${keyId}`)).statusCode).toBe(500);
    const row = await ctx.db
      .selectFrom('operator_keys')
      .select('revoked_at')
      .where('id', '=', keyId)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
    failing = false;
    expect((await operatorLog('?action=operator_key.revoked')).audit_events).toEqual([]);
  });
});

/** Issue 20: the audit log records every domain event in the change's transaction and pages through them. */
import { describe, expect, it } from 'vitest';
import { devProjectAuthorization } from '../../../test/server-api-calls.js';
import { basic, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEvent } from '../../domain-events/domain-event.js';
import { cryptoRandom } from '../../random.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';
import { sweepAuditEvents } from './audit-log.service.js';

const ctx = useTestContext();

function event(overrides: Partial<DomainEvent> = {}): DomainEvent {
  return {
    type: 'user.updated',
    projectId: ctx.dev.project_id,
    actor: { type: 'project', id: ctx.dev.project_id },
    occurredAt: ctx.clock.now(),
    data: {
      user_id: 'user-test-a',
      status: 'active',
      name: { first_name: 'Ada' },
      emails: [{ email: 'ada@example.com' }],
    },
    ipAddress: '203.0.113.9',
    ...overrides,
  };
}

async function publish(...events: DomainEvent[]): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    for (const e of events) await ctx.app.domainEvents.publish(trx, e);
  });
}

async function list(query = '', authorization = devProjectAuthorization(ctx)) {
  return ctx.app.inject({ method: 'GET', url: `/v1/audit_events${query}`, headers: { authorization } });
}

async function clear(): Promise<void> {
  await ctx.db.deleteFrom('audit_events').execute();
}

describe('GET /v1/audit_events', () => {
  it('records who did what, when and from where, keeping ids and kinds but no name, address or metadata', async () => {
    await clear();
    await publish(
      event({
        changes: { before: { name: { first_name: 'Ada' } }, after: { name: { first_name: 'Grace' } } },
      }),
    );
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ status_code: 200, results_metadata: { next_cursor: null } });
    expect(body.audit_events).toEqual([
      {
        audit_event_id: expect.stringMatching(/^audit-event-test-/),
        project_id: ctx.dev.project_id,
        occurred_at: ctx.clock.now().toISOString(),
        action: 'user.updated',
        actor: { type: 'project', id: ctx.dev.project_id },
        user_id: 'user-test-a',
        ip_address: '203.0.113.9',
        details: { user_id: 'user-test-a', status: 'active' },
        changes: { fields: ['name'] },
      },
    ]);
    expect(response.body).not.toContain('Grace');
    expect(response.body).not.toContain('ada@example.com');
  });

  it('keeps the values before and after of a settings change', async () => {
    await clear();
    await publish(
      event({
        type: 'project.updated',
        actor: { type: 'operator', id: 'operator-1' },
        data: { project_id: ctx.dev.project_id },
        changes: { before: { name: 'Old' }, after: { name: 'New' } },
      }),
    );
    const [record] = json(await list()).audit_events;
    expect(record).toMatchObject({
      action: 'project.updated',
      actor: { type: 'operator', id: 'operator-1' },
      user_id: null,
      changes: { before: { name: 'Old' }, after: { name: 'New' } },
    });
  });

  it('records nothing when the change rolls back', async () => {
    await clear();
    await expect(
      inTransaction(ctx.db, async (trx) => {
        await ctx.app.domainEvents.publish(trx, event());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(json(await list()).audit_events).toEqual([]);
  });

  it('filters by action, actor, user and time', async () => {
    await clear();
    const t0 = ctx.clock.now().getTime();
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    await publish(
      event({ type: 'session.created', occurredAt: at(1), actor: { type: 'user', id: 'user-test-a' } }),
      event({
        type: 'session.revoked',
        occurredAt: at(2),
        data: { user_id: 'user-test-b', session_id: 's2' },
      }),
      event({ type: 'login.locked', occurredAt: at(3), actor: { type: 'system' }, ipAddress: null }),
    );
    const actions = (query: string) =>
      list(query).then((r) => json(r).audit_events.map((e: { action: string }) => e.action));
    expect(await actions('?action=session.created,login.locked')).toEqual([
      'login.locked',
      'session.created',
    ]);
    expect(await actions('?actor_type=system')).toEqual(['login.locked']);
    expect(await actions('?actor_type=user&actor_id=user-test-a')).toEqual(['session.created']);
    expect(await actions('?user_id=user-test-b')).toEqual(['session.revoked']);
    expect(
      await actions(
        `?occurred_after=${encodeURIComponent(at(2).toISOString())}&occurred_before=${encodeURIComponent(at(3).toISOString())}`,
      ),
    ).toEqual(['session.revoked']);
    const [locked] = json(await list('?action=login.locked')).audit_events;
    expect(locked.actor).toEqual({ type: 'system', id: null });
  });

  it('pages newest first without repeating or skipping a record while new ones are appended', async () => {
    await clear();
    const t0 = ctx.clock.now().getTime();
    // Five records, two of them at the same instant: the id breaks the tie.
    await publish(
      ...[0, 1, 2, 2, 3].map((minutes, i) =>
        event({ occurredAt: new Date(t0 + minutes * 60_000), data: { user_id: `user-test-${i}` } }),
      ),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const body: { audit_events: { user_id: string }[]; results_metadata: { next_cursor: string | null } } =
        json(await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      seen.push(...body.audit_events.map((e: { user_id: string }) => e.user_id));
      cursor = body.results_metadata.next_cursor;
      // Records appended between pages are newer than every cursor, so they never enter this walk.
      await publish(
        event({ occurredAt: new Date(t0 + (10 + page++) * 60_000), data: { user_id: 'user-test-new' } }),
      );
    } while (cursor !== null);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen[0]).toBe('user-test-4');
    expect(seen.at(-1)).toBe('user-test-0');
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?limit=0', '.limit'],
      ['?limit=1001', '.limit'],
      ['?limit=ten', '.limit'],
      ['?occurred_after=yesterday', '.occurred_after'],
      ['?actor_type=robot', '.actor_type'],
      ['?action=Session%20Created', '.action'],
      ['?cursor=bm90LWEtY3Vyc29y', '.cursor'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      const body = json(response);
      expect(body.error_type, query).toBe('invalid_request');
      expect(JSON.stringify(body), query).toContain(field);
    }
    const unknown = await list('?colour=blue');
    expect(unknown.statusCode).toBe(400);
  });

  it('answers only with the project secret, and shows only that project’s records', async () => {
    await clear();
    const other = await ctx.givenProject({ name: 'Other' });
    await publish(event(), event({ projectId: other.project_id, data: { user_id: 'user-test-other' } }));
    expect((await list('', '')).statusCode).toBe(401);
    const publicToken = await list('', basic(ctx.dev.project_id, ctx.dev.public_token));
    expect(publicToken.statusCode).toBe(403);
    expect(json(publicToken).error_type).toBe('public_token_forbidden');
    expect((await list('', basic(ctx.dev.project_id, other.secret))).statusCode).toBe(401);
    const mine = json(await list()).audit_events;
    expect(mine.map((e: { user_id: string }) => e.user_id)).toEqual(['user-test-a']);
    const theirs = json(await list('', basic(other.project_id, other.secret))).audit_events;
    expect(theirs.map((e: { user_id: string }) => e.user_id)).toEqual(['user-test-other']);
  });

  it('forgets the addresses an erased user acted from, and keeps what was done as ids', async () => {
    await clear();
    await publish(event({ type: 'session.created', actor: { type: 'user', id: 'user-test-a' } }));
    await publish(
      event({
        type: 'user.deleted',
        occurredAt: new Date(ctx.clock.now().getTime() + 60_000),
        actor: { type: 'project', id: ctx.dev.project_id },
        ipAddress: '198.51.100.7',
      }),
    );
    const records = json(await list()).audit_events;
    expect(
      records.map((e: { action: string; ip_address: string | null }) => [e.action, e.ip_address]),
    ).toEqual([
      ['user.deleted', '198.51.100.7'],
      ['session.created', null],
    ]);
  });

  it('deletes records past the retention period', async () => {
    await clear();
    const now = ctx.clock.now().getTime();
    await publish(
      event({ occurredAt: new Date(now - 31 * 86_400_000), data: { user_id: 'user-test-old' } }),
      event({ occurredAt: new Date(now - 29 * 86_400_000), data: { user_id: 'user-test-recent' } }),
    );
    await sweepAuditEvents(ctx.db, ctx.clock, 30);
    const kept = json(await list()).audit_events.map((e: { user_id: string }) => e.user_id);
    expect(kept).toEqual(['user-test-recent']);
  });
});

describe('GET /v1/projects/{project_id}/audit_events (operator)', () => {
  it('gives an operator any project’s records; a project secret is not an operator credential', async () => {
    await clear();
    const other = await ctx.givenProject({ name: 'Audited' });
    await publish(event({ projectId: other.project_id, data: { user_id: 'user-test-audited' } }));
    const { secret } = await createOperatorKey(
      ctx.db,
      { clock: ctx.clock, random: cryptoRandom },
      'audit test',
    );
    const asOperator = (projectId: string, authorization = `Bearer ${secret}`) =>
      ctx.app.inject({
        method: 'GET',
        url: `/v1/projects/${projectId}/audit_events`,
        headers: { authorization },
      });
    const answer = await asOperator(other.project_id);
    expect(answer.statusCode).toBe(200);
    expect(json(answer).audit_events.map((e: { user_id: string }) => e.user_id)).toEqual([
      'user-test-audited',
    ]);
    expect(json(await asOperator('project-test-nope')).error_type).toBe('project_not_found');
    const withSecret = await asOperator(other.project_id, basic(other.project_id, other.secret));
    expect(withSecret.statusCode).toBe(403);
    expect(json(withSecret).error_type).toBe('operator_credential_required');
  });
});

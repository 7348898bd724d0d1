/**
 * Issue 20, events announced since: a TOTP's first accepted code (`factor.added`) and the sessions
 * a server-side factor removal ends (`session.revoked`, one each). Each change writes exactly one
 * webhook outbox row and one audit record per event, in its own transaction: when recording fails,
 * the change is rolled back with it.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { json } from '../../../test/test-app.js';
import { authenticateTotp, createTotp, currentCode, nextStep } from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser, usersApi } from '../../../test/user-management-calls.js';
import { givenEndpoint } from '../../../test/webhook-helpers.js';
import type { WebhookEventType } from '../../domain-events/domain-event.js';

const ctx = useTestContext();

/** While set, publishing this type fails, as a full disk or a lost connection would. */
let failing: WebhookEventType | undefined;

beforeAll(async () => {
  // An endpoint that takes every event, so the outbox writes a row for each.
  await givenEndpoint(ctx, { url: 'https://hooks.example.com/latchkey' });
  ctx.app.domainEvents.subscribe('*', async (_db, event) => {
    if (event.type === failing) throw new Error('recording failed');
  });
});
beforeEach(() => {
  failing = undefined;
});

/** Outbox rows and audit records of `type` whose data names `key: value`. */
async function recordsOf(type: WebhookEventType, key: string, value: string) {
  const outbox = (await ctx.db.selectFrom('webhook_events').select('body').where('type', '=', type).execute())
    .map((row) => JSON.parse(row.body) as { data: Record<string, unknown> })
    .filter((body) => body.data[key] === value);
  const audit = (
    await ctx.db.selectFrom('audit_events').select('details').where('action', '=', type).execute()
  ).filter((row) => (row.details as Record<string, unknown>)[key] === value);
  return { outbox: outbox.length, audit: audit.length };
}

describe('a TOTP becoming verified → factor.added', () => {
  it('its first accepted code announces it once; later codes announce nothing', async () => {
    const user = await givenSignedInUser(ctx, 'totp-added@example.com');
    const totp = await createTotp(ctx, user.session_token);
    expect(await recordsOf('factor.added', 'factor_id', totp.totp_id)).toEqual({ outbox: 0, audit: 0 });

    const confirmed = await authenticateTotp(ctx, user.session_token, currentCode(ctx, totp.secret));
    expect(confirmed.statusCode).toBe(200);
    expect(await recordsOf('factor.added', 'factor_id', totp.totp_id)).toEqual({ outbox: 1, audit: 1 });
    const [body] = (
      await ctx.db.selectFrom('webhook_events').select('body').where('type', '=', 'factor.added').execute()
    )
      .map((row) => JSON.parse(row.body))
      .filter((b) => b.data.factor_id === totp.totp_id);
    expect(body.data).toEqual({ user_id: user.user_id, factor_type: 'totp', factor_id: totp.totp_id });

    nextStep(ctx);
    const again = await authenticateTotp(ctx, user.session_token, currentCode(ctx, totp.secret));
    expect(again.statusCode).toBe(200);
    expect(await recordsOf('factor.added', 'factor_id', totp.totp_id)).toEqual({ outbox: 1, audit: 1 });
  });

  it('when the event cannot be recorded the TOTP stays unverified and nothing is written', async () => {
    const user = await givenSignedInUser(ctx, 'totp-rollback@example.com');
    const totp = await createTotp(ctx, user.session_token);
    failing = 'factor.added';
    const refused = await authenticateTotp(ctx, user.session_token, currentCode(ctx, totp.secret));
    expect(refused.statusCode).toBe(500);
    const row = await ctx.db
      .selectFrom('totps')
      .select(['verified', 'last_used_step'])
      .where('id', '=', totp.totp_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ verified: false, last_used_step: null });
    expect(await recordsOf('factor.added', 'factor_id', totp.totp_id)).toEqual({ outbox: 0, audit: 0 });
  });
});

describe('a server-side factor removal → session.revoked for each session it ends', () => {
  it('one record per ended session, after factor.removed, with the project as the actor', async () => {
    const created = await givenServerUser(ctx, { email: 'removed-factor@example.com' });
    const first = await givenSignedInUser(ctx, 'removed-factor@example.com');
    const second = await givenSignedInUser(ctx, 'removed-factor@example.com');
    const sessionIds = [first.session.session_id, second.session.session_id] as string[];

    const removed = await usersApi(ctx, 'DELETE', `/v1/users/emails/${created.email_id}`);
    expect(removed.statusCode).toBe(200);
    for (const sessionId of sessionIds)
      expect(await recordsOf('session.revoked', 'session_id', sessionId)).toEqual({ outbox: 1, audit: 1 });
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor_type', 'actor_id', 'user_id'])
      .where('user_id', '=', created.user_id)
      .where('action', 'in', ['factor.removed', 'session.revoked'])
      .orderBy('occurred_at')
      .orderBy('action')
      .execute();
    expect(audit).toEqual([
      {
        action: 'factor.removed',
        actor_type: 'project',
        actor_id: ctx.dev.project_id,
        user_id: created.user_id,
      },
      ...sessionIds.map(() => ({
        action: 'session.revoked',
        actor_type: 'project',
        actor_id: ctx.dev.project_id,
        user_id: created.user_id,
      })),
    ]);
  });

  it('when a revocation cannot be recorded the factor and the sessions stay', async () => {
    const created = await givenServerUser(ctx, { email: 'kept-factor@example.com' });
    const signedIn = await givenSignedInUser(ctx, 'kept-factor@example.com');
    failing = 'session.revoked';
    const refused = await usersApi(ctx, 'DELETE', `/v1/users/emails/${created.email_id}`);
    expect(refused.statusCode).toBe(500);
    failing = undefined;
    const user = json(await usersApi(ctx, 'GET', `/v1/users/${created.user_id}`));
    expect(user.emails).toEqual([expect.objectContaining({ email_id: created.email_id })]);
    const session = await ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', signedIn.session.session_id as string)
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).toBeNull();
    expect(await recordsOf('factor.removed', 'email_id', created.email_id)).toEqual({ outbox: 0, audit: 0 });
    expect(await recordsOf('session.revoked', 'session_id', signedIn.session.session_id as string)).toEqual({
      outbox: 0,
      audit: 0,
    });
  });
});

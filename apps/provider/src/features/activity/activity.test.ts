/**
 * Issue 21 "Activity": sign-ins by method, failures, lockouts, rate-limit hits and messages per
 * hour or day, counted in memory and flushed in batches; instances add up.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { givenPasswordUser, postPasswords, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { startSecondInstance } from '../../../test/second-instance.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { DEMO_REDIRECT, json, LENIENT_SEND_LIMITS } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { inTransaction } from '../../db/transaction.js';
import { announceLoginLocked } from '../../domain-events/login-locked.js';
import { cryptoRandom } from '../../random.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';

const ctx = useTestContext();

async function activity(projectId: string, window = '24h', authorization?: string) {
  const secret =
    authorization ??
    `Bearer ${(await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'activity')).secret}`;
  return ctx.app.inject({
    method: 'GET',
    url: `/v1/projects/${projectId}/activity?window=${window}`,
    headers: { authorization: secret },
  });
}

async function totals(projectId: string, window = '24h') {
  const answer = await activity(projectId, window);
  expect(answer.statusCode).toBe(200);
  return json(answer).totals;
}

async function clear() {
  await ctx.app.activity.flush();
  await ctx.db.deleteFrom('activity_counts').execute();
}

describe('GET /v1/projects/{project_id}/activity', () => {
  it('counts a sign-in by its method, a refused one, and the email it took, once flushed', async () => {
    await clear();
    await givenSignedInUser(ctx, 'activity-ml@example.com');
    await givenPasswordUser(ctx, 'activity-pw@example.com');
    const wrong = await postPasswords(ctx, '/passwords/authenticate', {
      email: 'activity-pw@example.com',
      password: `${STRONG_PASSWORD}-not`,
      session_duration_minutes: 60,
    });
    expect(wrong.statusCode).toBe(401);
    await ctx.app.activity.flush();
    expect((await ctx.db.selectFrom('activity_counts').selectAll().execute()).length).toBeGreaterThan(0);

    const figures = await totals(ctx.dev.project_id);
    // The password sign-up starts a session too (a password factor).
    expect(figures.sign_ins).toEqual({ magic_link: 1, password: 1 });
    expect(figures.sign_in_failures).toEqual({ password: 1 });
    expect(figures.emails_sent).toBe(1);
    expect(figures).toMatchObject({ lockouts: 0, rate_limit_hits: 0, sms_sent: 0, sms_failed: 0 });
  });

  it('counts a refused sign-in through the server API by its method too', async () => {
    await clear();
    await givenPasswordUser(ctx, 'activity-server-pw@example.com');
    const wrong = await postServerApi(ctx, '/v1/passwords/authenticate', devProjectAuthorization(ctx), {
      email: 'activity-server-pw@example.com',
      password: `${STRONG_PASSWORD}-not`,
    });
    expect(wrong.statusCode).toBe(401);
    await ctx.app.activity.flush();
    expect((await totals(ctx.dev.project_id)).sign_in_failures).toEqual({ password: 1 });
  });

  it('counts a lockout from the login.locked event and a 429 as a rate-limit hit', async () => {
    await clear();
    await inTransaction(ctx.db, (trx) =>
      announceLoginLocked(trx, ctx.app.domainEvents, {
        projectId: ctx.dev.project_id,
        userId: 'user-test-locked',
        lockoutId: 'lockout-test-1',
        lock: 'password',
        lockedAt: ctx.clock.now(),
      }),
    );
    const limited = await ctx.givenProject({
      name: 'Limited',
      isDev: true,
      defaultLoginRedirectUrl: DEMO_REDIRECT,
      defaultSignupRedirectUrl: DEMO_REDIRECT,
      sendLimits: { ...LENIENT_SEND_LIMITS, recipientIntervalSeconds: 60 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await requestMagicLink(ctx, 'limited@example.com', {}, limited.public_token);
      statuses.push(sent.statusCode);
    }
    expect(statuses).toContain(429);
    expect((await totals(ctx.dev.project_id)).lockouts).toBe(1);
    expect((await totals(limited.project_id)).rate_limit_hits).toBe(statuses.filter((s) => s === 429).length);
  });

  it('cuts 24 h into hours and 7 d / 30 d into UTC days, oldest first, every bucket present', async () => {
    await clear();
    await givenSignedInUser(ctx, 'activity-hours@example.com');
    const now = ctx.clock.now();
    const hours = json(await activity(ctx.dev.project_id, '24h'));
    expect(hours).toMatchObject({ project_id: ctx.dev.project_id, window: '24h', bucket: 'hour' });
    expect(hours.buckets).toHaveLength(24);
    const thisHour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(hours.buckets.at(-1)).toMatchObject({ start: thisHour, sign_ins: { magic_link: 1 } });
    expect(hours.buckets[0].sign_ins).toEqual({});

    const days = json(await activity(ctx.dev.project_id, '7d'));
    expect(days).toMatchObject({ bucket: 'day' });
    expect(days.buckets).toHaveLength(7);
    expect(days.buckets.at(-1)).toMatchObject({
      start: `${now.toISOString().slice(0, 10)}T00:00:00.000Z`,
      sign_ins: { magic_link: 1 },
    });
    expect(json(await activity(ctx.dev.project_id, '30d')).buckets).toHaveLength(30);
    // Another project's figures are its own.
    const other = await ctx.givenProject({ name: 'Quiet' });
    expect((await totals(other.project_id)).sign_ins).toEqual({});
  });

  it('answers 404 for an unknown project, 400 for an unknown window, 401/403 without an operator credential', async () => {
    const unknown = await activity('project-test-nope');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error_type).toBe('project_not_found');
    const window = await activity(ctx.dev.project_id, '1y');
    expect(window.statusCode).toBe(400);
    expect(json(window).error_type).toBe('invalid_request');
    const noOne = await ctx.app.inject({ method: 'GET', url: `/v1/projects/${ctx.dev.project_id}/activity` });
    expect(noOne.statusCode).toBe(401);
    const asProject = await activity(ctx.dev.project_id, '24h', devProjectAuthorization(ctx));
    expect(asProject.statusCode).toBe(403);
    expect(json(asProject).error_type).toBe('operator_credential_required');
  });

  it('adds the counts of two instances on one database, neither overwriting the other', async () => {
    await clear();
    const second = await startSecondInstance(ctx);
    try {
      const project = await ctx.givenProject({ name: 'Busy' });
      for (let i = 0; i < 3; i++) ctx.app.activity.add(project.project_id, 'sign_ins', 'password');
      for (let i = 0; i < 2; i++) second.app.activity.add(project.project_id, 'sign_ins', 'password');
      second.app.activity.add(project.project_id, 'rate_limit_hits');
      await Promise.all([ctx.app.activity.flush(), second.app.activity.flush()]);
      ctx.app.activity.add(project.project_id, 'sign_ins', 'password');
      await second.app.activity.flush();
      const figures = await totals(project.project_id);
      expect(figures.sign_ins).toEqual({ password: 6 });
      expect(figures.rate_limit_hits).toBe(1);
    } finally {
      await second.close();
    }
  });
});

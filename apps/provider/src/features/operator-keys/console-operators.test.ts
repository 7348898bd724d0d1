/**
 * The console's sign-in: the operator project a start makes, invites, console sessions as
 * operator credentials (only an active operator's, only the operator project's), their idle end,
 * and the step-up that destructive changes need. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  asBearer,
  givenConsoleOperator,
  givenOperatorProject,
  givenSignedInUser,
  inviteOperator,
  newOperatorKey,
} from '../../../test/console-helpers.js';
import { countRowsMatching } from '../../../test/row-counts.js';
import { basic, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { DEV_CONSOLE_INVITE_FILE, ensureConsoleOperators } from './console-bootstrap.js';
import { CONSOLE_IDLE_MINUTES, CONSOLE_MAX_MINUTES } from './console-policy.js';
import { createOperatorKey } from './operator-keys.service.js';
import { ensureOperatorProject } from './operator-project.js';

const ctx = useTestContext();
const MINUTE = 60_000;

/** A signed-in operator: invited, signed in to the operator project, invite accepted. */
const givenOperator = (email?: string) => givenConsoleOperator(ctx, email);
const invite = (email: string) => inviteOperator(ctx, email);

describe('the operator project', () => {
  it('is made once, with passkeys or password plus TOTP, MFA required and short sessions', async () => {
    const deps = { clock: ctx.clock, random: cryptoRandom, consoleOrigin: 'http://localhost:4000' };
    const [a, b] = await Promise.all([
      ensureOperatorProject(ctx.db, deps),
      ensureOperatorProject(ctx.db, deps),
    ]);
    expect(a.project.id).toBe(b.project.id);
    const again = await ensureOperatorProject(ctx.db, deps);
    expect(again).toMatchObject({ outcome: 'reused', project: { id: a.project.id } });
    expect(again.project).toMatchObject({
      enabledProducts: ['passwords', 'webauthn', 'totp'],
      mfaRequired: true,
      sessionDefaultMinutes: CONSOLE_IDLE_MINUTES,
      sessionMaxLifetimeMinutes: CONSOLE_MAX_MINUTES,
      allowedOrigins: ['http://localhost:4000'],
    });
    const rows = await ctx.db.selectFrom('operator_project').selectAll().execute();
    expect(rows).toEqual([{ singleton: true, project_id: a.project.id }]);
    // A provider moved to another public URL still serves its console.
    const moved = await ensureOperatorProject(ctx.db, { ...deps, consoleOrigin: 'https://id.example.com' });
    expect(moved.project.allowedOrigins).toEqual(['http://localhost:4000', 'https://id.example.com']);
  });

  it('gets a development invite in a file, never in the log, until an operator exists', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-console-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const lines: string[] = [];
    const logger = {
      info: (fields: Record<string, unknown>, line: string) => lines.push(JSON.stringify({ fields, line })),
    };
    const deps = {
      clock: ctx.clock,
      random: cryptoRandom,
      publicUrl: 'http://localhost:4000',
      devDataDir: dataDir,
      logger,
    };
    await ensureConsoleOperators(ctx.db, deps);
    // Started again before anyone accepted: the new file's invite replaces the first.
    await ensureConsoleOperators(ctx.db, deps);
    expect(await countRowsMatching(ctx, 'console_operators', { status: 'invited' })).toBe(1);
    const file = join(dataDir, DEV_CONSOLE_INVITE_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { email, invite_url } = JSON.parse(readFileSync(file, 'utf8'));
    const token = new URLSearchParams(new URL(invite_url).hash.slice(1)).get('token') as string;
    expect(lines.join('\n')).not.toContain(token);
    const user = await givenSignedInUser(ctx, await givenOperatorProject(ctx), email);
    const accepted = await asBearer(ctx, user.sessionToken, 'POST', '/v1/console/invites/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // With an operator, a restart writes no new invite; production never writes one.
    const before = readFileSync(file, 'utf8');
    await ensureConsoleOperators(ctx.db, deps);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('invites', () => {
  it('are accepted once, by a signed-in owner of the address, before they expire', async () => {
    const project = await givenOperatorProject(ctx);
    const token = await invite('Ada@Example.com');
    const stranger = await givenSignedInUser(ctx, project, 'eve@example.com');
    const byStranger = await asBearer(ctx, stranger.sessionToken, 'POST', '/v1/console/invites/accept', {
      token,
    });
    expect(json(byStranger)).toMatchObject({ status_code: 404, error_type: 'console_invite_not_found' });
    const ada = await givenSignedInUser(ctx, project, 'ada@example.com');
    const ok = await asBearer(ctx, ada.sessionToken, 'POST', '/v1/console/invites/accept', { token });
    expect(json(ok).operator).toMatchObject({ email: 'ada@example.com', status: 'active' });
    const again = await asBearer(ctx, ada.sessionToken, 'POST', '/v1/console/invites/accept', { token });
    expect(again.statusCode).toBe(404);

    const late = await invite('grace@example.com');
    ctx.clock.advance(7 * 24 * 60 * MINUTE + 1);
    const grace = await givenSignedInUser(ctx, project, 'grace@example.com');
    const expired = await asBearer(ctx, grace.sessionToken, 'POST', '/v1/console/invites/accept', {
      token: late,
    });
    expect(expired.statusCode).toBe(404);
  });

  it("of an active operator's address are refused; a pending one is replaced and its old link stops", async () => {
    const project = await givenOperatorProject(ctx);
    await givenOperator('kept@example.com');
    const refused = await asBearer(ctx, await newOperatorKey(ctx), 'POST', '/v1/console_operators/invites', {
      email: 'Kept@Example.com',
    });
    expect(json(refused)).toMatchObject({ status_code: 409, error_type: 'console_operator_exists' });
    expect(await countRowsMatching(ctx, 'console_operators', { email: 'kept@example.com' })).toBe(1);

    const first = await invite('resend@example.com');
    const second = await invite('resend@example.com');
    const live = await ctx.db
      .selectFrom('console_operators')
      .select('status')
      .where('email', '=', 'resend@example.com')
      .where('status', '<>', 'removed')
      .execute();
    expect(live).toEqual([{ status: 'invited' }]);
    const user = await givenSignedInUser(ctx, project, 'resend@example.com');
    const byOldLink = await asBearer(ctx, user.sessionToken, 'POST', '/v1/console/invites/accept', {
      token: first,
    });
    expect(byOldLink.statusCode).toBe(404);
    const byNewLink = await asBearer(ctx, user.sessionToken, 'POST', '/v1/console/invites/accept', {
      token: second,
    });
    expect(byNewLink.statusCode, byNewLink.body).toBe(200);
  });

  it('of one address sent at once leave one pending invite', async () => {
    await givenOperatorProject(ctx);
    const key = await newOperatorKey(ctx);
    const sent = await Promise.all(
      [1, 2, 3].map(() =>
        asBearer(ctx, key, 'POST', '/v1/console_operators/invites', { email: 'race@example.com' }),
      ),
    );
    expect(sent.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(
      await countRowsMatching(ctx, 'console_operators', { email: 'race@example.com', status: 'invited' }),
    ).toBe(1);
  });

  it('need an operator to send, and a session of the operator project to accept', async () => {
    await givenOperatorProject(ctx);
    const unauthenticated = await ctx.app.inject({
      method: 'POST',
      url: '/v1/console_operators/invites',
      payload: { email: 'x@example.com' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    const ordinary = await givenSignedInUser(ctx, ctx.dev.project, 'joe@example.com');
    const token = await invite('joe@example.com');
    const accepted = await asBearer(ctx, ordinary.sessionToken, 'POST', '/v1/console/invites/accept', {
      token,
    });
    expect(json(accepted)).toMatchObject({ status_code: 401, error_type: 'invalid_operator_key' });
  });
});

describe('a console session as an operator credential', () => {
  it('works for an active operator, by session token or session JWT, and is recorded as them', async () => {
    const op = await givenOperator();
    const me = await asBearer(ctx, op.sessionToken, 'GET', '/v1/console/me');
    expect(json(me)).toMatchObject({ operator_id: op.operatorId });
    const created = await asBearer(ctx, op.sessionToken, 'POST', '/v1/projects', { name: 'Acme' });
    expect(created.statusCode, created.body).toBe(200);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select(['actor_type', 'actor_id'])
      .where('project_id', '=', json(created).project.project_id)
      .execute();
    expect(audit).toContainEqual({ actor_type: 'operator', actor_id: op.operatorId });

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/sdk/v1/sessions/authenticate',
      headers: {
        authorization: basic(op.project.publicToken, op.sessionToken),
        'content-type': 'application/json',
        origin: 'http://localhost:4000',
      },
      payload: {},
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const jwt = json(refreshed).data.session_jwt as string;
    expect((await asBearer(ctx, jwt, 'GET', '/v1/projects')).statusCode).toBe(200);
  });

  it("is refused for another project's session, a non-operator, and an ended session", async () => {
    const op = await givenOperator();
    const ordinary = await givenSignedInUser(ctx, ctx.dev.project, 'user@example.com');
    expect(json(await asBearer(ctx, ordinary.sessionToken, 'GET', '/v1/projects'))).toMatchObject({
      status_code: 401,
      error_type: 'invalid_operator_key',
    });
    const signedUp = await givenSignedInUser(ctx, op.project, 'walk-in@example.com');
    expect(json(await asBearer(ctx, signedUp.sessionToken, 'GET', '/v1/projects'))).toMatchObject({
      status_code: 403,
      error_type: 'operator_credential_required',
    });
    await ctx.app.sessions.revoke(op.project, op.sessionToken);
    expect((await asBearer(ctx, op.sessionToken, 'GET', '/v1/projects')).statusCode).toBe(401);
  });

  it('ends after 30 idle minutes, and each call keeps it alive up to 12 hours', async () => {
    const op = await givenOperator();
    for (let elapsed = 0; elapsed < CONSOLE_MAX_MINUTES - 25; elapsed += 25) {
      ctx.clock.advance(25 * MINUTE);
      expect((await asBearer(ctx, op.sessionToken, 'GET', '/v1/projects')).statusCode).toBe(200);
    }
    ctx.clock.advance(30 * MINUTE);
    expect((await asBearer(ctx, op.sessionToken, 'GET', '/v1/projects')).statusCode).toBe(401);

    const idle = await givenOperator();
    ctx.clock.advance((CONSOLE_IDLE_MINUTES + 1) * MINUTE);
    expect((await asBearer(ctx, idle.sessionToken, 'GET', '/v1/projects')).statusCode).toBe(401);
  });
});

describe('step-up', () => {
  it('destructive changes need a factor from the last 5 minutes; a fresh factor allows them again', async () => {
    const op = await givenOperator();
    const target = json(await asBearer(ctx, op.sessionToken, 'POST', '/v1/projects', { name: 'Target' }))
      .project.project_id as string;
    const rotate = () => asBearer(ctx, op.sessionToken, 'POST', `/v1/projects/${target}/secrets/rotate`, {});
    expect((await rotate()).statusCode).toBe(200);
    ctx.clock.advance(5 * MINUTE + 1000);
    expect(json(await rotate())).toMatchObject({ status_code: 403, error_type: 'step_up_required' });
    const removal = await asBearer(
      ctx,
      op.sessionToken,
      'DELETE',
      `/v1/projects/${target}/oauth_providers/google`,
    );
    expect(json(removal)).toMatchObject({ error_type: 'step_up_required' });
    const keyId = (await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'ci')).key
      .key_id;
    const revoke = await asBearer(ctx, op.sessionToken, 'DELETE', `/v1/operator_keys/${keyId}`);
    expect(json(revoke)).toMatchObject({ error_type: 'step_up_required' });
    // Reading and non-destructive changes need no step-up.
    expect(
      (await asBearer(ctx, op.sessionToken, 'PATCH', `/v1/projects/${target}`, { name: 'T2' })).statusCode,
    ).toBe(200);

    // Re-authenticating adds a fresh factor to the same session (what the console's step-up does).
    await ctx.app.sessions.addFactor(ctx.db, op.project, op.sessionId, {
      type: 'webauthn',
      delivery_method: 'webauthn_registration',
      last_authenticated_at: ctx.clock.now().toISOString(),
    });
    expect((await rotate()).statusCode).toBe(200);
    expect((await asBearer(ctx, op.sessionToken, 'DELETE', `/v1/operator_keys/${keyId}`)).statusCode).toBe(
      200,
    );
  });

  it('is not asked of an operator key', async () => {
    const key = await newOperatorKey(ctx);
    const target = json(await asBearer(ctx, key, 'POST', '/v1/projects', { name: 'Keyed' })).project
      .project_id;
    ctx.clock.advance(60 * MINUTE);
    expect((await asBearer(ctx, key, 'POST', `/v1/projects/${target}/secrets/rotate`, {})).statusCode).toBe(
      200,
    );
  });
});

describe('listing and removing operators', () => {
  // The file shares one database: each case starts with no operator but its own.
  beforeEach(async () => {
    await ctx.db.updateTable('console_operators').set({ status: 'removed' }).execute();
  });

  it('lists the invited and active operators with their last sign-in, to operators only', async () => {
    const op = await givenOperator('lister@example.com');
    const signedInAt = ctx.clock.now().toISOString();
    ctx.clock.advance(MINUTE);
    await invite('pending@example.com');
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/v1/console_operators' });
    expect(unauthenticated.statusCode).toBe(401);
    const ordinary = await givenSignedInUser(ctx, op.project, 'walk-in@example.com');
    expect((await asBearer(ctx, ordinary.sessionToken, 'GET', '/v1/console_operators')).statusCode).toBe(403);

    const listed = json(await asBearer(ctx, op.sessionToken, 'GET', '/v1/console_operators'));
    expect(listed.operators).toEqual([
      expect.objectContaining({
        operator_id: op.operatorId,
        email: 'lister@example.com',
        status: 'active',
        invite_expires_at: null,
        // Its first call as an operator (the listing) recorded when its session started.
        last_sign_in_at: signedInAt,
      }),
      expect.objectContaining({ email: 'pending@example.com', status: 'invited', last_sign_in_at: null }),
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/token_hash|invite_url/);
  });

  it('removes an invite (its link stops working) and an active operator (their session stops at once)', async () => {
    const op = await givenOperator('admin@example.com');
    const colleague = await givenOperator('colleague@example.com');
    const token = await invite('late@example.com');
    const pending = json(await asBearer(ctx, op.sessionToken, 'GET', '/v1/console_operators')).operators.find(
      (o: { email: string }) => o.email === 'late@example.com',
    );
    const revoked = await asBearer(
      ctx,
      op.sessionToken,
      'DELETE',
      `/v1/console_operators/${pending.operator_id}`,
    );
    expect(json(revoked)).toMatchObject({ status_code: 200, operator: { status: 'removed' } });
    const late = await givenSignedInUser(ctx, op.project, 'late@example.com');
    const accepted = await asBearer(ctx, late.sessionToken, 'POST', '/v1/console/invites/accept', { token });
    expect(json(accepted)).toMatchObject({ status_code: 404, error_type: 'console_invite_not_found' });

    expect((await asBearer(ctx, colleague.sessionToken, 'GET', '/v1/projects')).statusCode).toBe(200);
    const removed = await asBearer(
      ctx,
      op.sessionToken,
      'DELETE',
      `/v1/console_operators/${colleague.operatorId}`,
    );
    expect(json(removed).operator).toMatchObject({ operator_id: colleague.operatorId, status: 'removed' });
    expect(json(await asBearer(ctx, colleague.sessionToken, 'GET', '/v1/projects'))).toMatchObject({
      status_code: 403,
      error_type: 'operator_credential_required',
    });
    const listed = json(await asBearer(ctx, op.sessionToken, 'GET', '/v1/console_operators')).operators;
    expect(listed.map((o: { email: string }) => o.email)).toEqual(['admin@example.com']);
    const again = await asBearer(
      ctx,
      op.sessionToken,
      'DELETE',
      `/v1/console_operators/${colleague.operatorId}`,
    );
    expect(json(again)).toMatchObject({ status_code: 404, error_type: 'console_operator_not_found' });
  });

  it('refuses removing yourself and the last active operator, and changes nothing', async () => {
    const op = await givenOperator('only@example.com');
    const self = await asBearer(ctx, op.sessionToken, 'DELETE', `/v1/console_operators/${op.operatorId}`);
    expect(json(self)).toMatchObject({ status_code: 400, error_type: 'console_operator_self_removal' });
    const byKey = await asBearer(
      ctx,
      await newOperatorKey(ctx),
      'DELETE',
      `/v1/console_operators/${op.operatorId}`,
    );
    expect(json(byKey)).toMatchObject({ status_code: 409, error_type: 'last_console_operator' });
    expect((await asBearer(ctx, op.sessionToken, 'GET', '/v1/projects')).statusCode).toBe(200);
  });

  it('keeps one active operator when two removals race', async () => {
    const a = await givenOperator('a@example.com');
    const b = await givenOperator('b@example.com');
    const key = await newOperatorKey(ctx);
    const answers = await Promise.all(
      [a, b].map((op) => asBearer(ctx, key, 'DELETE', `/v1/console_operators/${op.operatorId}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await countRowsMatching(ctx, 'console_operators', { status: 'active' })).toBe(1);
  });

  it('needs a recent factor to remove, and records invites and removals without the address', async () => {
    const op = await givenOperator('steward@example.com');
    const other = await givenOperator('other@example.com');
    ctx.clock.advance(5 * MINUTE + 1000);
    const stale = await asBearer(ctx, op.sessionToken, 'DELETE', `/v1/console_operators/${other.operatorId}`);
    expect(json(stale)).toMatchObject({ status_code: 403, error_type: 'step_up_required' });
    expect((await asBearer(ctx, other.sessionToken, 'GET', '/v1/projects')).statusCode).toBe(200);
    await ctx.app.sessions.addFactor(ctx.db, op.project, op.sessionId, {
      type: 'webauthn',
      delivery_method: 'webauthn_registration',
      last_authenticated_at: ctx.clock.now().toISOString(),
    });
    const fresh = await asBearer(ctx, op.sessionToken, 'DELETE', `/v1/console_operators/${other.operatorId}`);
    expect(fresh.statusCode, fresh.body).toBe(200);

    const audit = json(
      await asBearer(
        ctx,
        op.sessionToken,
        'GET',
        '/v1/audit_events/operator?action=console_operator.invited,console_operator.removed',
      ),
    );
    expect(audit.audit_events).toContainEqual(
      expect.objectContaining({
        action: 'console_operator.removed',
        project_id: null,
        actor: { type: 'operator', id: op.operatorId },
        details: expect.objectContaining({ operator_id: other.operatorId, status: 'removed' }),
      }),
    );
    const ours = [op.operatorId, other.operatorId];
    const invites = audit.audit_events.filter(
      (e: { action: string; details: { operator_id: string } }) =>
        e.action === 'console_operator.invited' && ours.includes(e.details.operator_id),
    );
    expect(invites).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('@example.com');
  });
});

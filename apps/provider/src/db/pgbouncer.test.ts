/**
 * Issue 23 "Works with a transaction-pooling PgBouncer": two provider instances whose pools go
 * through Debian's pgbouncer in `pool_mode = transaction` with 3 server connections (fewer than
 * either pool), so consecutive transactions of one client land on different server sessions and
 * session state would leak or vanish. LISTEN and the migrations use the direct URL
 * (LATCHKEY_DATABASE_DIRECT_URL). A deployment that forgets that variable listens through the
 * pooler, where notifications are lost: there nothing may be cached, and the process says so.
 * PostgreSQL only (TEST_DATABASE_URL); needs pgbouncer (scripts/system-deps.sh installs it).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPgbouncer, type TestPgbouncer } from '../../../../scripts/pgbouncer.mjs';
import { capturedLogger } from '../../test/captured-logger.js';
import { givenSignedInUser } from '../../test/magic-link-helpers.js';
import { givenPasswordUser, postPasswords, STRONG_PASSWORD } from '../../test/password-helpers.js';
import { insertRow } from '../../test/row-factory.js';
import { sdkPost } from '../../test/sdk-call.js';
import { type SecondInstance, startSecondInstance } from '../../test/second-instance.js';
import { createTestContext, json, type TestContext } from '../../test/test-app.js';
import { adminQuery, testDatabaseUrl } from '../../test/test-database.js';
import { assertionFor, devCaller, finishSignIn, givenPasskeyUser } from '../../test/webauthn-helpers.js';
import { givenEndpoint } from '../../test/webhook-helpers.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { FEED_DOWN_MESSAGE } from './change-feed-outage-log.js';
import { migrations } from './migrate.js';

const SERVER_CONNECTIONS = 3;

describe.runIf(testDatabaseUrl)('the provider behind a transaction-pooling PgBouncer', () => {
  const name = `latchkey_test_bouncer_${randomBytes(4).toString('hex')}`;
  let bouncer: TestPgbouncer;
  let ctx: TestContext;
  let b: SecondInstance;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    bouncer = await startTestPgbouncer(testDatabaseUrl as string, { poolSize: SERVER_CONNECTIONS });
    await adminQuery(`create database ${name}`);
    const direct = new URL(testDatabaseUrl as string);
    direct.pathname = `/${name}`;
    // A new, empty database: the first instance runs every migration.
    ctx = await createTestContext({
      database: { postgresUrl: bouncer.url(name), directUrl: direct.toString() },
    });
    b = await startSecondInstance(ctx);
    receiver = await startWebhookReceiver();
  }, 180_000);

  afterAll(async () => {
    await receiver?.close();
    await b?.close();
    await ctx?.close();
    await bouncer?.stop();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('migrated the new database, and the pools share three server connections', async () => {
    const applied = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(ctx.db);
    expect(Number(applied.rows[0]?.n)).toBe(Object.keys(migrations).length);
    const backends = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.db.transaction().execute(async (trx) => {
          const row = await sql<{
            pid: number;
          }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(trx);
          return row.rows[0]?.pid;
        }),
      ),
    );
    expect(new Set(backends).size).toBeLessThanOrEqual(SERVER_CONNECTIONS);
  });

  it('signs people in by password, magic link and passkey, on both instances at once', async () => {
    const [password] = await Promise.all([
      givenPasswordUser(ctx, 'bouncer-pw@example.com'),
      givenSignedInUser(ctx, 'bouncer-ml@example.com'),
      givenPasswordUser(ctx, 'bouncer-pw-2@example.com'),
    ]);
    expect(password.session_token).toBeTruthy();
    const signIns = await Promise.all(
      [ctx.app, b.app].map((app) =>
        postPasswords(
          ctx,
          '/passwords/authenticate',
          { email: 'bouncer-pw@example.com', password: STRONG_PASSWORD, session_duration_minutes: 60 },
          { app },
        ),
      ),
    );
    for (const signIn of signIns) expect(signIn.statusCode, signIn.body).toBe(200);

    const passkey = await givenPasskeyUser(ctx, 'bouncer-passkey@example.com');
    const credential = await assertionFor(ctx, passkey.authenticator);
    const passkeySignIn = await finishSignIn(ctx, devCaller(ctx), credential);
    expect(passkeySignIn.statusCode, passkeySignIn.body).toBe(200);
    expect(json(passkeySignIn).data.user_id).toBe(passkey.user_id);
  });

  it('caches session checks on the second instance and sees a revocation on the first at once', async () => {
    const signedIn = await givenSignedInUser(ctx, 'bouncer-revoke@example.com');
    const checkOnB = () =>
      sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken: signedIn.session_token, app: b.app });
    for (let i = 0; i < 2; i++) expect((await checkOnB()).statusCode).toBe(200);
    // B answers from memory (its LISTEN, on the direct connection, is live): a change made without
    // the notification stays unseen on B. Without a live feed B would read the database and see it.
    const other = await givenSignedInUser(ctx, 'bouncer-unannounced@example.com');
    const checkOther = () =>
      sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken: other.session_token, app: b.app });
    expect((await checkOther()).statusCode).toBe(200);
    await ctx.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update sessions set revoked_at = now() where id = ${other.session.session_id}`.execute(trx);
    });
    expect((await checkOther()).statusCode).toBe(200);

    const revoked = await sdkPost(ctx, '/sessions/revoke', undefined, {
      sessionToken: signedIn.session_token,
    });
    expect(revoked.statusCode).toBe(200);
    const check = await checkOnB();
    expect(check.statusCode).toBe(404);
    expect(json(check).error_type).toBe('session_not_found');
  });

  it('runs the retention clean-up from both instances at once, deleting exactly the dead rows', async () => {
    const now = ctx.clock.now().getTime();
    const day = 24 * 60 * 60_000;
    const dead = await Promise.all(
      Array.from({ length: 5 }, () =>
        insertRow(ctx.db, 'magic_links', { expires_at: new Date(now - 2 * day) }),
      ),
    );
    const kept = await insertRow(ctx.db, 'magic_links', { expires_at: new Date(now - day / 2) });
    const [first, second] = await Promise.all([ctx.app.retention.runOnce(), b.app.retention.runOnce()]);
    expect(first, 'a report').toBeDefined();
    expect(second, 'a report').toBeDefined();
    const left = await ctx.db.selectFrom('magic_links').select('id').execute();
    const ids = new Set(left.map((row) => row.id));
    for (const row of dead) expect(ids.has(row.id as string)).toBe(false);
    expect(ids.has(kept.id as string)).toBe(true);
  });

  it('delivers webhooks', async () => {
    receiver.secret = (await givenEndpoint(ctx, { url: receiver.url })).secret;
    const user = await givenPasswordUser(ctx, 'bouncer-webhook@example.com');
    await ctx.app.webhooks.drain();
    for (const request of receiver.received) expect(request.verifyError).toBeUndefined();
    const created = receiver.received.filter((r) => r.verified?.type === 'user.created');
    expect(created.map((r) => r.verified?.data.user_id)).toContain(user.user_id);
  });
});

describe.runIf(testDatabaseUrl)(
  'the provider behind a transaction-pooling PgBouncer without the direct URL',
  () => {
    const name = `latchkey_test_bouncer_nodirect_${randomBytes(4).toString('hex')}`;
    const bLog = capturedLogger('info');
    let bouncer: TestPgbouncer;
    let ctx: TestContext;
    let b: SecondInstance;

    beforeAll(async () => {
      // Without the direct URL the pool sends statement_timeout when it connects, which PgBouncer
      // refuses unless told to ignore it, as such a deployment would have had to.
      bouncer = await startTestPgbouncer(testDatabaseUrl as string, {
        poolSize: SERVER_CONNECTIONS,
        ignoreStartupParameters: ['statement_timeout'],
      });
      await adminQuery(`create database ${name}`);
      // DATABASE_URL is the pooler and LATCHKEY_DATABASE_DIRECT_URL is not set: LISTEN goes through it.
      ctx = await createTestContext({ database: { postgresUrl: bouncer.url(name) } });
      b = await startSecondInstance(ctx, { logger: bLog.logger });
    }, 180_000);

    afterAll(async () => {
      await b?.close();
      await ctx?.close();
      await bouncer?.stop();
      await adminQuery(`drop database if exists ${name} with (force)`);
    });

    const checkOnB = (sessionToken: string) =>
      sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken, app: b.app });

    it('refuses a session revoked on the first instance at once on the second', async () => {
      const signedIn = await givenSignedInUser(ctx, 'nodirect-revoke@example.com');
      for (let i = 0; i < 2; i++) expect((await checkOnB(signedIn.session_token)).statusCode).toBe(200);
      const revoked = await sdkPost(ctx, '/sessions/revoke', undefined, {
        sessionToken: signedIn.session_token,
      });
      expect(revoked.statusCode).toBe(200);
      const check = await checkOnB(signedIn.session_token);
      expect(check.statusCode).toBe(404);
      expect(json(check).error_type).toBe('session_not_found');
    });

    it('caches nothing: a change made without its notification is seen on the second instance at once', async () => {
      const signedIn = await givenSignedInUser(ctx, 'nodirect-unannounced@example.com');
      for (let i = 0; i < 2; i++) expect((await checkOnB(signedIn.session_token)).statusCode).toBe(200);
      await ctx.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`update sessions set revoked_at = now() where id = ${signedIn.session.session_id}`.execute(
          trx,
        );
      });
      expect((await checkOnB(signedIn.session_token)).statusCode).toBe(404);
    });

    it('warns once, naming the variable to set', () => {
      const warnings = bLog.lines.filter((line) => line.msg === FEED_DOWN_MESSAGE);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.level).toBe(40);
      expect(String(warnings[0]?.hint)).toContain('LATCHKEY_DATABASE_DIRECT_URL');
    });
  },
);

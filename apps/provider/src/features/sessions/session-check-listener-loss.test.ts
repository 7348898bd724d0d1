/**
 * Issue 23: session checks are cached only while the process holds a working LISTEN. Instance B
 * listens through a proxy that the test cuts and restores, as a database failover or a network
 * fault would: while the listening connection is gone B caches nothing (a change is seen at once,
 * announced or not) and warns once; when it is back B caches again. PostgreSQL only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedLogger } from '../../../test/captured-logger.js';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { type SecondInstance, startSecondInstance } from '../../../test/second-instance.js';
import { type SwitchableTcpProxy, startSwitchableTcpProxy } from '../../../test/switchable-tcp-proxy.js';
import { testDatabaseUrl } from '../../../test/test-database.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { FEED_BACK_MESSAGE, FEED_DOWN_MESSAGE } from '../../db/change-feed-outage-log.js';

// Reconnection backs off to 30 s between attempts; the wait for it is bounded well above that.
const RECONNECT_WAIT_MS = 90_000;

describe.runIf(testDatabaseUrl)('session checks while the listening connection is lost', () => {
  const bLog = capturedLogger('info');
  const ctx = useTestContext();
  let proxy: SwitchableTcpProxy;
  let b: SecondInstance;

  beforeAll(async () => {
    const url = new URL(ctx.database.url as string);
    proxy = await startSwitchableTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    // B's pool goes to PostgreSQL directly; its LISTEN (the direct URL) through the proxy.
    b = await startSecondInstance(ctx, { logger: bLog.logger, directUrl: url.toString() });
  });
  afterAll(async () => {
    await b?.close();
    await proxy?.close();
  });

  const checkOnB = (sessionToken: string) =>
    sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken, app: b.app });
  const messages = (message: string) => bLog.lines.filter((line) => line.msg === message);

  /** Revokes without firing the triggers: only a process that reads the database sees it. */
  async function revokeUnannounced(sessionId: string) {
    await ctx.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update sessions set revoked_at = now() where id = ${sessionId}`.execute(trx);
    });
  }

  /** Signs in on A and has B check twice; true when B's third check still accepts it after an unannounced revocation. */
  async function bServesFromMemory(email: string): Promise<boolean> {
    const signedIn = await givenSignedInUser(ctx, email);
    for (let i = 0; i < 2; i++) expect((await checkOnB(signedIn.session_token)).statusCode).toBe(200);
    await revokeUnannounced(signedIn.session.session_id as string);
    return (await checkOnB(signedIn.session_token)).statusCode === 200;
  }

  let cachedBeforeTheCut = { sessionId: '', sessionToken: '' };

  it('caches checks while it listens', async () => {
    expect(await bServesFromMemory('listening@example.com')).toBe(true);
    const signedIn = await givenSignedInUser(ctx, 'cached-before-cut@example.com');
    cachedBeforeTheCut = {
      sessionId: signedIn.session.session_id as string,
      sessionToken: signedIn.session_token,
    };
    for (let i = 0; i < 2; i++)
      expect((await checkOnB(cachedBeforeTheCut.sessionToken)).statusCode).toBe(200);
    expect(messages(FEED_DOWN_MESSAGE)).toEqual([]);
  });

  it('drops what it cached and caches nothing while the connection is lost, and warns once', async () => {
    proxy.down();
    await vi.waitFor(() => expect(messages(FEED_DOWN_MESSAGE)).toHaveLength(1), { timeout: 30_000 });
    // Cached before the cut: revoked now without a notification, refused at once.
    await revokeUnannounced(cachedBeforeTheCut.sessionId);
    expect((await checkOnB(cachedBeforeTheCut.sessionToken)).statusCode).toBe(404);
    expect(await bServesFromMemory('while-lost@example.com')).toBe(false);
    // Let one reconnection attempt fail (refused by the proxy) before counting the warnings again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await bServesFromMemory('while-lost-later@example.com')).toBe(false);
    const warnings = messages(FEED_DOWN_MESSAGE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
  }, 60_000);

  it(
    'caches again once the connection is back',
    async () => {
      proxy.up();
      await vi.waitFor(() => expect(messages(FEED_BACK_MESSAGE)).toHaveLength(1), {
        timeout: RECONNECT_WAIT_MS,
        interval: 200,
      });
      expect(await bServesFromMemory('listening-again@example.com')).toBe(true);
    },
    RECONNECT_WAIT_MS + 30_000,
  );
});

/**
 * The PostgreSQL change feed's `sync()` (issue 18, SECURITY D3/D7): one `select 1` answers every
 * caller that arrived before it was sent and none that arrived later. A proxy holds back what the
 * server sends, so the test decides when the feed hears each reply and notification.
 */
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { fileScoped } from '../../test/file-scoped.js';
import { startHoldingTcpProxy } from '../../test/holding-tcp-proxy.js';
import { createTestDatabase, testDatabaseUrl } from '../../test/test-database.js';
import { type ChangeFeedStatus, createPostgresChangeFeed } from './change-feed.js';

const CHANNEL = 'latchkey_change_feed_test';
// ReadyForQuery, idle: the last message of a statement's reply.
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A database, a holding proxy in front of it, and a live feed that connects through the proxy,
 * built for one describe block; the feed records what it hears and each status it reports.
 */
function feedBehindProxy(options: Parameters<typeof createPostgresChangeFeed>[2] = {}) {
  return fileScoped(
    'the feed behind its proxy',
    async () => {
      const heard: string[] = [];
      const statuses: ChangeFeedStatus[] = [];
      const database = await createTestDatabase();
      const url = new URL(database.url as string);
      const proxy = await startHoldingTcpProxy({ host: url.hostname, port: Number(url.port) });
      url.port = String(proxy.port);
      const feed = createPostgresChangeFeed(url.toString(), CHANNEL, {
        ...options,
        onStatus: (status) => statuses.push(status),
      });
      feed.subscribe({ onChange: (payload) => heard.push(payload), onReset: () => {} });
      await feed.ready();
      return { database, proxy, feed, heard, statuses };
    },
    async ({ database, proxy, feed }) => {
      await feed.close();
      await proxy.close();
      await database.close();
    },
  );
}

describe.skipIf(!testDatabaseUrl)('the PostgreSQL change feed: sync()', () => {
  const behind = feedBehindProxy();

  it('is live through the proxy', () => {
    expect(behind.feed.live).toBe(true);
  });

  it('callers that arrive in one turn of the event loop share one statement', async () => {
    const before = behind.proxy.queriesSent();
    const answers = await Promise.all(Array.from({ length: 5 }, () => behind.feed.sync()));
    expect(answers).toEqual([true, true, true, true, true]);
    expect(behind.proxy.queriesSent() - before).toBe(1);
  });

  it('a caller that arrives after a change committed is not answered by a statement sent before it', async () => {
    behind.heard.length = 0;
    behind.proxy.hold();
    // Check A: its statement is sent and answered by the server, but the feed has not heard the answer.
    const first = behind.feed.sync();
    await vi.waitFor(() => expect(behind.proxy.held().includes(READY_FOR_QUERY)).toBe(true), {
      timeout: 10_000,
    });
    const firstReplyBytes = behind.proxy.held().length;

    // Another process commits a change; its notification reaches the proxy after A's reply.
    await sql`select pg_notify(${CHANNEL}, 'revoked')`.execute(behind.database.db);
    await vi.waitFor(() => expect(behind.proxy.held().includes('revoked')).toBe(true), { timeout: 10_000 });

    // Check B begins after the commit: it must not be answered before the notification is heard.
    let heardWhenSecondAnswered: string[] | undefined;
    const second = behind.feed.sync().then((answer) => {
      heardWhenSecondAnswered = [...behind.heard];
      return answer;
    });

    // A's reply alone reaches the feed: A is answered (it began before the commit), B is not.
    behind.proxy.release(firstReplyBytes);
    expect(await first).toBe(true);
    await nextTurn();
    expect(heardWhenSecondAnswered).toBeUndefined();

    behind.proxy.passThrough();
    expect(await second).toBe(true);
    expect(heardWhenSecondAnswered).toEqual(['revoked']);
  });

  it('callers that arrive while a statement is in flight share the next one', async () => {
    behind.proxy.hold();
    const before = behind.proxy.queriesSent();
    const first = behind.feed.sync();
    await vi.waitFor(() => expect(behind.proxy.held().includes(READY_FOR_QUERY)).toBe(true), {
      timeout: 10_000,
    });
    const later = [behind.feed.sync()];
    await nextTurn();
    later.push(behind.feed.sync());
    await nextTurn();
    // Still one statement: the others wait until the one in flight is answered.
    expect(behind.proxy.queriesSent() - before).toBe(1);
    behind.proxy.passThrough();
    expect(await Promise.all([first, ...later])).toEqual([true, true, true]);
    expect(behind.proxy.queriesSent() - before).toBe(2);
  });
});

describe.skipIf(!testDatabaseUrl)('the PostgreSQL change feed: syncs under load', () => {
  const interval = 1_000;
  const behind = feedBehindProxy({ minSyncIntervalMs: interval });

  it('sends a statement at most once per interval; callers meanwhile share the next one', async () => {
    const before = behind.proxy.queriesSent();
    expect(await behind.feed.sync()).toBe(true);
    const firstAnsweredAt = performance.now();
    const later: Promise<boolean>[] = [];
    for (let i = 0; i < 5; i++) {
      later.push(behind.feed.sync());
      await nextTurn();
    }
    expect(behind.proxy.queriesSent() - before).toBe(1);
    expect(await Promise.all(later)).toEqual([true, true, true, true, true]);
    expect(behind.proxy.queriesSent() - before).toBe(2);
    // The second went out no sooner than the interval after the first was sent (before it was answered).
    expect(performance.now() - firstAnsweredAt).toBeGreaterThan(interval - 50);
  });
});

describe.skipIf(!testDatabaseUrl)('the PostgreSQL change feed: a sync that hangs (issue 23)', () => {
  const behind = feedBehindProxy();

  it('ends the connection, is not live, and listens again on a new one', async () => {
    expect(behind.feed.live).toBe(true);
    // The link hangs without closing: the sync's answer never comes.
    behind.proxy.hold();
    expect(await behind.feed.sync()).toBe(false);
    expect(behind.feed.live).toBe(false);
    expect(behind.statuses).toEqual([
      { live: true },
      { live: false, reason: expect.stringContaining('sync failed') },
    ]);

    // The proxy holds only the first connection; the feed's new one passes.
    await vi.waitFor(() => expect(behind.feed.live).toBe(true), { timeout: 30_000 });
    expect(behind.statuses.at(-1)).toEqual({ live: true });
    await sql`select pg_notify(${CHANNEL}, 'after-reconnect')`.execute(behind.database.db);
    expect(await behind.feed.sync()).toBe(true);
    expect(behind.heard).toContain('after-reconnect');
  }, 60_000);
});

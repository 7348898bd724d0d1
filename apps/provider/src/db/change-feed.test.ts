/**
 * The PostgreSQL change feed's `sync()` (issue 18, SECURITY D3/D7): one `select 1` answers every
 * caller that arrived before it was sent and none that arrived later. And the listener: one
 * connection carries the feeds of every channel. A proxy holds back what the
 * server sends, so the test decides when the feed hears each reply and notification.
 */
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { fileScoped } from '../../test/file-scoped.js';
import { startHoldingTcpProxy } from '../../test/holding-tcp-proxy.js';
import { createTestDatabase, testDatabaseUrl } from '../../test/test-database.js';
import {
  type ChangeFeedStatus,
  createPostgresChangeFeed,
  createPostgresListener,
  LISTENER_APPLICATION_NAME,
  type PostgresListener,
} from './change-feed.js';

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

describe.skipIf(!testDatabaseUrl)('the PostgreSQL listener: one connection for every channel', () => {
  // A database of its own: a test context's app holds a listening connection of its own there.
  const database = fileScoped(
    'the database',
    () => createTestDatabase(),
    (opened) => opened.close(),
  );
  const heard: Record<string, string[]> = {};
  const feedOf = (listener: PostgresListener, channel: string) => {
    heard[channel] = [];
    const feed = listener.feed(channel);
    feed.subscribe({ onChange: (payload) => heard[channel]?.push(payload), onReset: () => {} });
    return feed;
  };
  const notify = (channel: string, payload: string) =>
    sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
  /** The listening connections to the test's database, by the name the listener gives its own. */
  const listeningConnections = async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(
      database.db,
    );
    return rows[0]?.n;
  };

  it('carries the feeds of several channels, each hearing only its own, and ends with the last', async () => {
    const listener = createPostgresListener(database.url as string);
    const [first, second, third] = ['lk_first', 'lk_second', 'lk_third'].map((channel) =>
      feedOf(listener, channel),
    );
    await Promise.all([first, second, third].map((feed) => feed?.ready()));
    expect([first?.live, second?.live, third?.live]).toEqual([true, true, true]);
    expect(await listeningConnections()).toBe(1);

    await notify('lk_second', 'to the second');
    expect(await second?.sync()).toBe(true);
    expect(heard).toEqual({ lk_first: [], lk_second: ['to the second'], lk_third: [] });

    // A closed feed hears nothing more; the others stay live on the same connection.
    await first?.close();
    expect(first?.live).toBe(false);
    await notify('lk_first', 'too late');
    await notify('lk_third', 'to the third');
    expect(await third?.sync()).toBe(true);
    expect(heard.lk_first).toEqual([]);
    expect(heard.lk_third).toEqual(['to the third']);

    // A feed that subscribes once the connection is live gets its LISTEN on it.
    const late = feedOf(listener, 'lk_late');
    await late.ready();
    expect(late.live).toBe(true);
    await notify('lk_late', 'to the late one');
    expect(await late.sync()).toBe(true);
    expect(heard.lk_late).toEqual(['to the late one']);
    expect(await listeningConnections()).toBe(1);

    await Promise.all([second?.close(), third?.close(), late.close()]);
    expect(await late.sync()).toBe(false);
    // The server drops the ended session from pg_stat_activity shortly after the client goes.
    await vi.waitFor(async () => expect(await listeningConnections()).toBe(0), { timeout: 30_000 });
  });
});

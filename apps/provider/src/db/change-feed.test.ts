/**
 * The PostgreSQL change feed's `sync()` (issue 18, SECURITY D3/D7): one `select 1` answers every
 * caller that arrived before it was sent and none that arrived later. A proxy holds back what the
 * server sends, so the test decides when the feed hears each reply and notification.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type HoldingTcpProxy, startHoldingTcpProxy } from '../../test/holding-tcp-proxy.js';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../test/test-database.js';
import { type ChangeFeed, type ChangeFeedStatus, createPostgresChangeFeed } from './change-feed.js';

const CHANNEL = 'latchkey_change_feed_test';
// ReadyForQuery, idle: the last message of a statement's reply.
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.skipIf(!testDatabaseUrl)('the PostgreSQL change feed: sync()', () => {
  let database: TestDatabase;
  let proxy: HoldingTcpProxy;
  let feed: ChangeFeed;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url as string);
    proxy = await startHoldingTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    feed = createPostgresChangeFeed(url.toString(), CHANNEL);
    feed.subscribe({ onChange: (payload) => heard.push(payload), onReset: () => {} });
    await feed.ready();
  });
  afterAll(async () => {
    await feed?.close();
    await proxy?.close();
    await database?.close();
  });

  it('is live through the proxy', () => {
    expect(feed.live).toBe(true);
  });

  it('callers that arrive in one turn of the event loop share one statement', async () => {
    const before = proxy.queriesSent();
    const answers = await Promise.all(Array.from({ length: 5 }, () => feed.sync()));
    expect(answers).toEqual([true, true, true, true, true]);
    expect(proxy.queriesSent() - before).toBe(1);
  });

  it('a caller that arrives after a change committed is not answered by a statement sent before it', async () => {
    heard.length = 0;
    proxy.hold();
    // Check A: its statement is sent and answered by the server, but the feed has not heard the answer.
    const first = feed.sync();
    await vi.waitFor(() => expect(proxy.held().includes(READY_FOR_QUERY)).toBe(true), { timeout: 10_000 });
    const firstReplyBytes = proxy.held().length;

    // Another process commits a change; its notification reaches the proxy after A's reply.
    await sql`select pg_notify(${CHANNEL}, 'revoked')`.execute(database.db);
    await vi.waitFor(() => expect(proxy.held().includes('revoked')).toBe(true), { timeout: 10_000 });

    // Check B begins after the commit: it must not be answered before the notification is heard.
    let heardWhenSecondAnswered: string[] | undefined;
    const second = feed.sync().then((answer) => {
      heardWhenSecondAnswered = [...heard];
      return answer;
    });

    // A's reply alone reaches the feed: A is answered (it began before the commit), B is not.
    proxy.release(firstReplyBytes);
    expect(await first).toBe(true);
    await nextTurn();
    expect(heardWhenSecondAnswered).toBeUndefined();

    proxy.passThrough();
    expect(await second).toBe(true);
    expect(heardWhenSecondAnswered).toEqual(['revoked']);
  });

  it('callers that arrive while a statement is in flight share the next one', async () => {
    proxy.hold();
    const before = proxy.queriesSent();
    const first = feed.sync();
    await vi.waitFor(() => expect(proxy.held().includes(READY_FOR_QUERY)).toBe(true), { timeout: 10_000 });
    const later = [feed.sync()];
    await nextTurn();
    later.push(feed.sync());
    await nextTurn();
    // Still one statement: the others wait until the one in flight is answered.
    expect(proxy.queriesSent() - before).toBe(1);
    proxy.passThrough();
    expect(await Promise.all([first, ...later])).toEqual([true, true, true]);
    expect(proxy.queriesSent() - before).toBe(2);
  });
});

describe.skipIf(!testDatabaseUrl)('the PostgreSQL change feed: syncs under load', () => {
  const interval = 1_000;
  let database: TestDatabase;
  let proxy: HoldingTcpProxy;
  let feed: ChangeFeed;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url as string);
    proxy = await startHoldingTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    feed = createPostgresChangeFeed(url.toString(), CHANNEL, { minSyncIntervalMs: interval });
    feed.subscribe({ onChange: () => {}, onReset: () => {} });
    await feed.ready();
  });
  afterAll(async () => {
    await feed?.close();
    await proxy?.close();
    await database?.close();
  });

  it('sends a statement at most once per interval; callers meanwhile share the next one', async () => {
    const before = proxy.queriesSent();
    expect(await feed.sync()).toBe(true);
    const firstAnsweredAt = performance.now();
    const later: Promise<boolean>[] = [];
    for (let i = 0; i < 5; i++) {
      later.push(feed.sync());
      await nextTurn();
    }
    expect(proxy.queriesSent() - before).toBe(1);
    expect(await Promise.all(later)).toEqual([true, true, true, true, true]);
    expect(proxy.queriesSent() - before).toBe(2);
    // The second went out no sooner than the interval after the first was sent (before it was answered).
    expect(performance.now() - firstAnsweredAt).toBeGreaterThan(interval - 50);
  });
});

describe.skipIf(!testDatabaseUrl)('the PostgreSQL change feed: a sync that hangs (issue 23)', () => {
  let database: TestDatabase;
  let proxy: HoldingTcpProxy;
  let feed: ChangeFeed;
  const heard: string[] = [];
  const statuses: ChangeFeedStatus[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url as string);
    proxy = await startHoldingTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    feed = createPostgresChangeFeed(url.toString(), CHANNEL, { onStatus: (status) => statuses.push(status) });
    feed.subscribe({ onChange: (payload) => heard.push(payload), onReset: () => {} });
    await feed.ready();
  });
  afterAll(async () => {
    await feed?.close();
    await proxy?.close();
    await database?.close();
  });

  it('ends the connection, is not live, and listens again on a new one', async () => {
    expect(feed.live).toBe(true);
    // The link hangs without closing: the sync's answer never comes.
    proxy.hold();
    expect(await feed.sync()).toBe(false);
    expect(feed.live).toBe(false);
    expect(statuses).toEqual([
      { live: true },
      { live: false, reason: expect.stringContaining('sync failed') },
    ]);

    // The proxy holds only the first connection; the feed's new one passes.
    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 30_000 });
    expect(statuses.at(-1)).toEqual({ live: true });
    await sql`select pg_notify(${CHANNEL}, 'after-reconnect')`.execute(database.db);
    expect(await feed.sync()).toBe(true);
    expect(heard).toContain('after-reconnect');
  }, 60_000);
});

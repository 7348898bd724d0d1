/**
 * @module change-feed — PostgreSQL notifications on a channel, for in-process caches that must
 * drop an entry the moment any process changes its rows (issue 18: session checks).
 *
 * PostgreSQL: one dedicated client per process (never a pool's) runs LISTEN for every channel and
 * goes live only once a notification sent from another connection has reached it unasked; it
 * reconnects when its connection is lost or a sync fails, and its feeds report themselves not
 * live meanwhile, so callers stop caching. PGlite (one process): the database's own listen.
 */

import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber is told. */
export interface ChangeListener {
  /** A notification's payload. */
  onChange(payload: string): void;
  /** Notifications may have been missed (the listening connection was lost or regained): forget everything. */
  onReset(): void;
}

/** Notifications on one channel. */
export interface ChangeFeed {
  /** Starts listening at the first subscriber; returns how to unsubscribe. */
  subscribe(listener: ChangeListener): () => void;
  /** Whether notifications are being received now. */
  readonly live: boolean;
  /** Settles once the first attempt to listen has (`live` then says how it went). */
  ready(): Promise<void>;
  /**
   * Resolves `true` once every notification committed before the call has been delivered to the
   * subscribers, `false` when that cannot be known (not listening, connection lost).
   */
  sync(): Promise<boolean>;
  close(): Promise<void>;
}

/** Payloads the feed sends itself to check that notifications reach it; never passed on. */
const PROBE_PREFIX = 'probe:';

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;
/** Attempts that keep failing (a pooler in the way, a server down) back off up to this. */
const MAX_RETRY_MS = 30_000;
/**
 * How long a probe sent from another connection may take to reach the idle listener. Directly
 * connected it takes a round trip; past this the attempt counts as failed and is retried.
 */
export const PROBE_TIMEOUT_MS = 5_000;
/** A sync that takes longer than this counts as failed (callers then read the database instead). */
const SYNC_TIMEOUT_MS = 2_000;
/**
 * The least time between two syncs' statements. A check waits at most this long (plus a round
 * trip) for its sync; at 10 000 checks a second, one statement then answers about ten.
 */
export const MIN_SYNC_INTERVAL_MS = 1;

/** Whether a feed receives notifications now, and if not, why (for the operator's log). */
export type ChangeFeedStatus = { live: true } | { live: false; reason: string };

/** Options of createPostgresChangeFeed. */
export interface PostgresChangeFeedOptions {
  minSyncIntervalMs?: number;
  probeTimeoutMs?: number;
  /** Told every time the feed goes live or stops being live (after an attempt, not before the first). */
  onStatus?: (status: ChangeFeedStatus) => void;
}

/** The message of an error, for a log line. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends `payload` on `channel` from a connection of its own to `url`, and resolves once `heard`
 * says the listener received it, without the listener sending anything meanwhile. A
 * transaction-pooling proxy (PgBouncer) between the feed and PostgreSQL fails this: the LISTEN
 * stays on a server connection that the proxy hands to other clients, and a notification for
 * it arriving between their transactions is dropped or goes to whichever client holds it. (A
 * probe the listener sends itself passes there: the proxy may give it the listening server
 * connection, which answers it in the same reply.)
 */
async function probeFromAnotherConnection(
  url: string,
  channel: string,
  payload: string,
  heard: Promise<void>,
  timeoutMs: number,
): Promise<void> {
  const notifier = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: SYNC_TIMEOUT_MS,
    query_timeout: SYNC_TIMEOUT_MS,
  });
  notifier.on('error', () => {});
  try {
    await notifier.connect();
    await notifier.query('select pg_notify($1, $2)', [channel, payload]);
  } finally {
    await notifier.end().catch(() => {});
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `a notification from another connection did not reach the listening connection within ${timeoutMs} ms (a transaction-pooling proxy in between?)`,
          ),
        ),
      timeoutMs,
    );
  });
  try {
    await Promise.race([heard, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The `application_name` of a provider's listening connection. */
export const LISTENER_APPLICATION_NAME = 'latchkey change feed';

/** Options of a feed over a PostgreSQL listener. */
export interface PostgresFeedOptions {
  /** Told every time the feed goes live or stops being live (after an attempt, not before the first). */
  onStatus?: (status: ChangeFeedStatus) => void;
}

/** One listening connection that carries the feeds of every channel a process listens on. */
export interface PostgresListener {
  /** A feed of `channel` over this listener's connection. */
  feed(channel: string, options?: PostgresFeedOptions): ChangeFeed;
}

/** A feed of a listener, and what it needs from the connection. */
interface ListenerFeed {
  channel: string;
  listeners: Set<ChangeListener>;
  onStatus: (status: ChangeFeedStatus) => void;
  /** Until its first subscriber the feed needs no LISTEN; once it has had one, it keeps it. */
  wanted: boolean;
  closed: boolean;
  /** Settles once the feed's first attempt to listen has. */
  firstAttempt?: Promise<void>;
  /** Its syncs, paced per feed as when each feed had a connection of its own (see below). */
  inFlight?: Promise<boolean>;
  lastSentAt: number;
  /** The batch not sent yet: every caller of this feed until it is sent shares it. */
  unsent?: Promise<boolean>;
}

/**
 * Feeds over one dedicated PostgreSQL connection to `url`, whatever their channels: a provider
 * process holds one listening connection (and proves it once) instead of one per channel.
 *
 * The connection goes live only once a notification sent from another connection has reached it
 * unasked; it reconnects when it is lost or a sync fails, and its feeds report themselves not live
 * meanwhile, so callers stop caching. It opens at the first subscriber of any feed, LISTENs on
 * each channel a feed has subscribers for, and ends when the last feed closes.
 *
 * `sync()` is one `select 1` on that connection: PostgreSQL delivers the notifications pending for
 * a session, on every channel it listens on, before it reports a statement done (ReadyForQuery),
 * and a commit signals listening sessions before it returns, so a notification committed before
 * the `select 1` was sent reaches the subscribers before the `select 1` resolves. Each feed paces
 * its own statements: one answers every caller of the feed that arrived before it was sent, and
 * none that arrived later: callers join the feed's batch not yet sent, which goes out once the
 * current turn of the event loop is over (so the checks read off the sockets in one turn share it),
 * the feed's statement before it has been answered (at most one in flight per feed), and
 * `minSyncIntervalMs` after that statement was sent. On a quiet process that is at once; under
 * load it bounds the round trips (each a write, a wake-up and work for the server) whatever the
 * request rate. (With one pace for the whole connection, sessions/authenticate on PostgreSQL
 * measured 8-25 % below the per-channel connections before it, on a noisy machine; paced per feed,
 * as those were, it measures the same.)
 */
export function createPostgresListener(
  url: string,
  {
    minSyncIntervalMs = MIN_SYNC_INTERVAL_MS,
    probeTimeoutMs = PROBE_TIMEOUT_MS,
  }: Omit<PostgresChangeFeedOptions, 'onStatus'> = {},
): PostgresListener {
  const feeds = new Set<ListenerFeed>();
  let client: pg.Client | undefined;
  /** The channels the current connection LISTENs on. */
  let listened = new Set<string>();
  let live = false;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_MS;

  // The connection's statements, one at a time: LISTENs and UNLISTENs come and go beside the
  // syncs, and pg deprecates a second query on a client before the first is answered.
  let statements: Promise<unknown> = Promise.resolve();
  const serially = <T>(run: () => Promise<T>): Promise<T> => {
    const next = statements.then(run, run);
    statements = next.catch(() => {});
    return next;
  };

  const wanted = () => [...feeds].filter((feed) => feed.wanted);
  const isLive = (feed: ListenerFeed) => live && listened.has(feed.channel);
  const reset = (feed: ListenerFeed) => {
    for (const listener of feed.listeners) listener.onReset();
  };

  const lost = (lostClient: pg.Client, reason: string) => {
    if (client !== lostClient) return;
    client = undefined;
    const wasLive = live;
    live = false;
    listened = new Set();
    lostClient.end().catch(() => {});
    for (const feed of wanted()) {
      reset(feed);
      feed.onStatus({ live: false, reason });
    }
    if (!retry && wanted().some((feed) => feed.listeners.size > 0)) {
      // A connection that was live is retried soon; attempts that keep failing, less and less often.
      retryMs = wasLive ? RECONNECT_MS : Math.min(retryMs * 2, MAX_RETRY_MS);
      retry = setTimeout(() => {
        retry = undefined;
        void start();
      }, retryMs);
      retry.unref();
    }
  };

  /** LISTENs on the channels of wanted feeds the live connection does not listen on yet. */
  const listenToNewChannels = async (current: pg.Client): Promise<void> => {
    // Feeds may subscribe while a LISTEN is in flight: look again after each.
    for (;;) {
      if (client !== current || !live) return;
      const channel = wanted().find((feed) => !listened.has(feed.channel))?.channel;
      if (channel === undefined) return;
      await serially(() => current.query(`listen ${pg.escapeIdentifier(channel)}`));
      if (client !== current) return;
      listened.add(channel);
      // Anything read while the feed was not listening was never cached, but say so anyway.
      for (const feed of wanted()) if (feed.channel === channel) goneLive(feed);
    }
  };
  const goneLive = (feed: ListenerFeed) => {
    reset(feed);
    feed.onStatus({ live: true });
  };

  const start = (): Promise<void> => {
    if (starting) return starting;
    if (client) {
      // Live already (or being proven): a feed that wants a new channel gets its LISTEN.
      const current = client;
      starting = listenToNewChannels(current)
        .catch((error: unknown) => lost(current, `listening connection failed: ${reasonOf(error)}`))
        .finally(() => {
          starting = undefined;
        });
      return starting;
    }
    const channels = [...new Set(wanted().map((feed) => feed.channel))];
    if (channels.length === 0) return Promise.resolve();
    const next = new pg.Client({
      connectionString: url,
      // Operators find the provider's listening connection by this name in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: SYNC_TIMEOUT_MS,
      query_timeout: SYNC_TIMEOUT_MS,
    });
    // A statement stuck on a lost connection must not hold up the new one's.
    statements = Promise.resolve();
    starting = (async () => {
      next.on('error', (error) => lost(next, `listening connection failed: ${reasonOf(error)}`));
      next.on('end', () => lost(next, 'listening connection closed'));
      const probe = `${PROBE_PREFIX}${randomUUID()}`;
      let probeHeard = () => {};
      const heard = new Promise<void>((resolve) => {
        probeHeard = resolve;
      });
      next.on('notification', (message) => {
        if (message.payload === undefined) return;
        if (message.payload === probe) probeHeard();
        if (message.payload.startsWith(PROBE_PREFIX)) return;
        for (const feed of feeds)
          if (feed.channel === message.channel)
            for (const listener of feed.listeners) listener.onChange(message.payload);
      });
      client = next;
      try {
        await next.connect();
        for (const channel of channels)
          await serially(() => next.query(`listen ${pg.escapeIdentifier(channel)}`));
        // One probe proves the connection, and with it every channel it listens on.
        await probeFromAnotherConnection(url, channels[0] as string, probe, heard, probeTimeoutMs);
        if (client !== next) return;
        live = true;
        listened = new Set(channels);
        retryMs = RECONNECT_MS;
        for (const feed of wanted()) if (listened.has(feed.channel)) goneLive(feed);
        // Feeds that subscribed while the connection was being proven.
        await listenToNewChannels(next);
      } catch (error) {
        lost(next, reasonOf(error));
      }
    })().finally(() => {
      starting = undefined;
    });
    return starting;
  };

  /** Ends the connection once no feed is left. */
  const stopIfUnused = async () => {
    if (feeds.size > 0) return;
    if (retry) clearTimeout(retry);
    retry = undefined;
    await starting;
    if (feeds.size > 0) return;
    const current = client;
    client = undefined;
    live = false;
    listened = new Set();
    await current?.end().catch(() => {});
  };

  const runSync = (feed: ListenerFeed): Promise<boolean> => {
    const current = client;
    if (!live || !current) return Promise.resolve(false);
    // A sync that fails (a timeout: the link may hang without closing) ends the connection, so
    // the listener reconnects and proves itself again rather than staying unable to sync.
    const run = serially(() => current.query('select 1')).then(
      () => live && client === current,
      (error: unknown) => {
        lost(current, `sync failed: ${reasonOf(error)}`);
        return false;
      },
    );
    feed.inFlight = run;
    const settle = () => {
      if (feed.inFlight === run) feed.inFlight = undefined;
    };
    run.then(settle, settle);
    return run;
  };

  const sendBatch = async (feed: ListenerFeed): Promise<boolean> => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (feed.inFlight) await feed.inFlight;
    const wait = feed.lastSentAt + minSyncIntervalMs - performance.now();
    if (wait > 0) await new Promise<void>((resolve) => setTimeout(resolve, wait));
    while (feed.inFlight) await feed.inFlight;
    // Closing the batch and sending its statement happen in one step: a caller from here on
    // starts the next batch.
    feed.unsent = undefined;
    feed.lastSentAt = performance.now();
    return runSync(feed);
  };

  return {
    feed(channel, { onStatus = () => {} } = {}) {
      const feed: ListenerFeed = {
        channel,
        listeners: new Set(),
        onStatus,
        wanted: false,
        closed: false,
        lastSentAt: Number.NEGATIVE_INFINITY,
      };
      feeds.add(feed);
      return {
        subscribe(listener) {
          feed.listeners.add(listener);
          if (!feed.closed) {
            if (!feed.wanted) {
              feed.wanted = true;
              // Its channel may be listened on for another feed already: then it is live at once.
              if (isLive(feed)) goneLive(feed);
            }
            const attempt = start();
            feed.firstAttempt ??= attempt;
          }
          return () => {
            feed.listeners.delete(listener);
          };
        },
        get live() {
          return !feed.closed && isLive(feed);
        },
        async ready() {
          await feed.firstAttempt;
        },
        sync() {
          if (feed.closed || !isLive(feed)) return Promise.resolve(false);
          // Never the statement in flight: it may have been sent before this caller's cut-off.
          feed.unsent ??= sendBatch(feed);
          return feed.unsent;
        },
        async close() {
          if (feed.closed) return;
          feed.closed = true;
          feed.wanted = false;
          feed.listeners.clear();
          feeds.delete(feed);
          const current = client;
          if (current && listened.has(channel) && ![...feeds].some((other) => other.channel === channel)) {
            listened.delete(channel);
            await serially(() => current.query(`unlisten ${pg.escapeIdentifier(channel)}`)).catch(() => {});
          }
          await stopIfUnused();
        },
      };
    },
  };
}

/** A feed over a listening connection of its own (`createPostgresListener` with one feed). */
export function createPostgresChangeFeed(
  url: string,
  channel: string,
  { onStatus, ...options }: PostgresChangeFeedOptions = {},
): ChangeFeed {
  return createPostgresListener(url, options).feed(channel, onStatus ? { onStatus } : {});
}

/**
 * A feed over PGlite's own listen. PGlite is one process; it hands a committed notification to
 * its listeners (as microtasks) while it reads the committing statement's answer, so by the time
 * the writer's statement resolves, subscribers have heard of it: `sync()` has nothing to wait for.
 */
export function createPgliteChangeFeed(client: PGlite, channel: string): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let live = false;
  let unlisten: Promise<() => Promise<void>> | undefined;
  return {
    subscribe(listener) {
      listeners.add(listener);
      unlisten ??= client
        .listen(channel, (payload) => {
          for (const each of listeners) each.onChange(payload);
        })
        .then((stop) => {
          live = true;
          return stop;
        });
      unlisten.catch(() => {});
      return () => {
        listeners.delete(listener);
      };
    },
    get live() {
      return live;
    },
    async ready() {
      await unlisten?.catch(() => {});
    },
    sync() {
      return Promise.resolve(live);
    },
    async close() {
      live = false;
      listeners.clear();
      const stop = await unlisten?.catch(() => undefined);
      await stop?.().catch(() => {});
    },
  };
}

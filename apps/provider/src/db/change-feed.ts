/**
 * @module change-feed — PostgreSQL notifications on one channel, for in-process caches that must
 * drop an entry the moment any process changes its rows (issue 18: session checks).
 *
 * PostgreSQL: a dedicated client (never a pool's) runs LISTEN and goes live only once a
 * notification sent from another connection has reached it unasked; it reconnects when its
 * connection is lost or a sync fails, and reports itself not live meanwhile, so callers stop
 * caching. PGlite (one process): the database's own listen.
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

/**
 * A feed over a dedicated PostgreSQL connection to `url`. `sync()` is one `select 1` on that
 * connection: PostgreSQL delivers the notifications pending for a session before it reports a
 * statement done (ReadyForQuery), and a commit signals listening sessions before it returns, so a
 * notification committed before the `select 1` was sent reaches the subscribers before the
 * `select 1` resolves. One statement answers every caller that arrived before it was sent, and
 * none that arrived later: callers join the batch not yet sent, which goes out once the current
 * turn of the event loop is over (so the checks read off the sockets in one turn share it), the
 * statement before it has been answered (at most one in flight), and `minSyncIntervalMs` after
 * the statement before it was sent. On a quiet process that is at once; under load it bounds the
 * round trips (each a write, a wake-up and work for the server) whatever the request rate.
 */
export function createPostgresChangeFeed(
  url: string,
  channel: string,
  {
    minSyncIntervalMs = MIN_SYNC_INTERVAL_MS,
    probeTimeoutMs = PROBE_TIMEOUT_MS,
    onStatus = () => {},
  }: PostgresChangeFeedOptions = {},
): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_MS;
  let inFlight: Promise<boolean> | undefined;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  // The batch not sent yet: every caller until it is sent shares it.
  let unsent: Promise<boolean> | undefined;

  const reset = () => {
    for (const listener of listeners) listener.onReset();
  };

  const lost = (lostClient: pg.Client, reason: string) => {
    if (client !== lostClient) return;
    client = undefined;
    const wasLive = live;
    live = false;
    reset();
    lostClient.end().catch(() => {});
    if (closed) return;
    onStatus({ live: false, reason });
    if (listeners.size > 0 && !retry) {
      // A connection that was live is retried soon; attempts that keep failing, less and less often.
      retryMs = wasLive ? RECONNECT_MS : Math.min(retryMs * 2, MAX_RETRY_MS);
      retry = setTimeout(() => {
        retry = undefined;
        void start();
      }, retryMs);
      retry.unref();
    }
  };

  const start = (): Promise<void> => {
    if (closed || client || starting) return starting ?? Promise.resolve();
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: SYNC_TIMEOUT_MS,
      query_timeout: SYNC_TIMEOUT_MS,
    });
    starting = (async () => {
      next.on('error', (error) => lost(next, `listening connection failed: ${reasonOf(error)}`));
      next.on('end', () => lost(next, 'listening connection closed'));
      const probe = `${PROBE_PREFIX}${randomUUID()}`;
      let probeHeard = () => {};
      const heard = new Promise<void>((resolve) => {
        probeHeard = resolve;
      });
      next.on('notification', (message) => {
        if (message.channel !== channel || message.payload === undefined) return;
        if (message.payload === probe) probeHeard();
        if (message.payload.startsWith(PROBE_PREFIX)) return;
        for (const listener of listeners) listener.onChange(message.payload);
      });
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        await probeFromAnotherConnection(url, channel, probe, heard, probeTimeoutMs);
        if (client !== next || closed) return;
        live = true;
        retryMs = RECONNECT_MS;
        // Anything read while the feed was down was never cached, but say so anyway.
        reset();
        onStatus({ live: true });
      } catch (error) {
        lost(next, reasonOf(error));
      }
    })().finally(() => {
      starting = undefined;
    });
    return starting;
  };

  const runSync = (): Promise<boolean> => {
    const current = client;
    if (!live || !current) return Promise.resolve(false);
    // A sync that fails (a timeout: the link may hang without closing) ends the connection, so
    // the feed reconnects and proves itself again rather than staying unable to sync.
    const run = current.query('select 1').then(
      () => live && client === current,
      (error: unknown) => {
        lost(current, `sync failed: ${reasonOf(error)}`);
        return false;
      },
    );
    inFlight = run;
    const settle = () => {
      if (inFlight === run) inFlight = undefined;
    };
    run.then(settle, settle);
    return run;
  };

  const sendBatch = async (): Promise<boolean> => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (inFlight) await inFlight;
    const wait = lastSentAt + minSyncIntervalMs - performance.now();
    if (wait > 0) await new Promise<void>((resolve) => setTimeout(resolve, wait));
    while (inFlight) await inFlight;
    // Closing the batch and sending its statement happen in one step: a caller from here on
    // starts the next batch.
    unsent = undefined;
    lastSentAt = performance.now();
    return runSync();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      void start();
      return () => {
        listeners.delete(listener);
      };
    },
    get live() {
      return live;
    },
    async ready() {
      await starting;
    },
    sync() {
      if (!live) return Promise.resolve(false);
      // Never the statement in flight: it may have been sent before this caller's cut-off.
      unsent ??= sendBatch();
      return unsent;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await starting;
      const current = client;
      client = undefined;
      live = false;
      listeners.clear();
      await current?.end().catch(() => {});
    },
  };
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

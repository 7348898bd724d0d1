/**
 * @module change-feed — PostgreSQL notifications on one channel, for in-process caches that must
 * drop an entry the moment any process changes its rows (issue 18: session checks).
 *
 * PostgreSQL: a dedicated client (never a pool's) runs LISTEN, reconnects when its connection is
 * lost, and reports itself not live meanwhile, so callers stop caching. PGlite (one process):
 * the database's own listen.
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
/** A sync that takes longer than this counts as failed (callers then read the database instead). */
const SYNC_TIMEOUT_MS = 2_000;
/**
 * The least time between two syncs' statements. A check waits at most this long (plus a round
 * trip) for its sync; at 10 000 checks a second, one statement then answers about ten.
 */
export const MIN_SYNC_INTERVAL_MS = 1;

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
  { minSyncIntervalMs = MIN_SYNC_INTERVAL_MS }: { minSyncIntervalMs?: number } = {},
): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let inFlight: Promise<boolean> | undefined;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  // The batch not sent yet: every caller until it is sent shares it.
  let unsent: Promise<boolean> | undefined;

  const reset = () => {
    for (const listener of listeners) listener.onReset();
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    live = false;
    reset();
    lostClient.end().catch(() => {});
    if (!closed && listeners.size > 0 && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void start();
      }, RECONNECT_MS);
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
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      let probeHeard = false;
      const probe = `${PROBE_PREFIX}${randomUUID()}`;
      next.on('notification', (message) => {
        if (message.channel !== channel || message.payload === undefined) return;
        if (message.payload === probe) probeHeard = true;
        if (message.payload.startsWith(PROBE_PREFIX)) return;
        for (const listener of listeners) listener.onChange(message.payload);
      });
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        // Our own notification must come back before the statement that sent it is answered. It
        // does not behind a transaction-pooling proxy (LISTEN and sync would reach other server
        // sessions): then the feed never goes live and checks are not cached.
        await next.query('select pg_notify($1, $2)', [channel, probe]);
        if (!probeHeard) throw new Error('notifications do not come back on this connection');
        if (client !== next || closed) return;
        live = true;
        // Anything read while the feed was down was never cached, but say so anyway.
        reset();
      } catch {
        lost(next);
      }
    })().finally(() => {
      starting = undefined;
    });
    return starting;
  };

  const runSync = (): Promise<boolean> => {
    const current = client;
    if (!live || !current) return Promise.resolve(false);
    const run = current.query('select 1').then(
      () => live && client === current,
      () => false,
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

#!/usr/bin/env node
/**
 * Throughput and tail latency of `POST /sdk/v1/sessions/authenticate` — the call every signed-in
 * browser repeats, so the one that sets the provider's steady load — on PGlite and on PostgreSQL,
 * next to the ceiling (a bare node:http server answering a JSON body of the same size) and the
 * peer (better-auth's get-session, from ../shared/anchors), all measured in the same run in
 * alternating rounds. The ratios are the figures to compare across changes; absolute numbers
 * depend on the machine and its other load, which every round prints. Everything runs on
 * 127.0.0.1, for a bounded time, and every child is stopped at the end. It prints figures and
 * never fails on them (exit 1 only if it could not measure the provider at all).
 *
 * Env: BENCH_ROUNDS (3), BENCH_SECONDS (10) per target per round, BENCH_WARMUP_SECONDS (3),
 * BENCH_CONNECTIONS (50), BENCH_DATABASES (pglite,postgres), BENCH_DATABASE_URL, BENCH_PEERS_DIR
 * (default $PERF_DIR), BENCH_REQUEST_LOG (debug), BENCH_SKIP_BUILD=1; see bench/README.md.
 */
import { printRoundMedians, runAlternatingRounds } from './lib/alternating-rounds.mjs';
import { startBareServer } from './lib/bare-server-process.mjs';
import { formatRatio, numberFromEnv, printBenchRows, runWhenMain } from './lib/bench-rows.mjs';
import { formatLoadAverage } from './lib/machine-load.mjs';
import { locatePeers, startBetterAuth } from './lib/peers.mjs';
import { databaseLabels, databasesFromEnv, startSessionTarget } from './lib/session-target.mjs';

const bareName = 'bare node:http';
const peerName = 'better-auth get-session';
const providerName = (database) => `Latchkey on ${databaseLabels[database]}`;

/** Runs the bench and returns its figures and rows. */
export async function benchSessionAuthenticate({ log = console.log } = {}) {
  const rounds = numberFromEnv('BENCH_ROUNDS', 3);
  const seconds = numberFromEnv('BENCH_SECONDS', 10);
  const warmupSeconds = numberFromEnv('BENCH_WARMUP_SECONDS', 3, { allowZero: true });
  const connections = numberFromEnv('BENCH_CONNECTIONS', 50);
  const databases = databasesFromEnv();
  // The provider runs in development mode (PGlite, the dev outbox), whose default writes two log
  // lines per request; production's default writes none, and the peer runs with
  // NODE_ENV=production. So the provider gets production's request-log policy unless asked.
  const requestLog = process.env.BENCH_REQUEST_LOG || 'debug';
  const requestLogBefore = process.env.LATCHKEY_REQUEST_LOG;
  process.env.LATCHKEY_REQUEST_LOG = requestLog;
  log(
    `session-authenticate: ${rounds} alternating rounds × ${seconds} s per target (+${warmupSeconds} s warm-up), ${connections} connections, databases ${databases.join(', ')}`,
  );
  log(
    `provider request log: LATCHKEY_REQUEST_LOG=${requestLog}${requestLog === 'debug' ? " (production's default; BENCH_REQUEST_LOG=info for development's line per request)" : ''}`,
  );
  log(`at the start: ${formatLoadAverage()}`);
  const running = [];
  const targets = [];
  const notMeasured = new Map();
  const ownPids = [];
  try {
    const sessionMinutes = Math.max(60, Math.ceil(((rounds * seconds + warmupSeconds) * 4) / 60) + 10);
    let bodyBytes;
    for (const database of databases) {
      log(`starting the provider on ${databaseLabels[database]}…`);
      try {
        const target = await startSessionTarget(database, { sessionMinutes, log });
        running.push(target);
        ownPids.push(...target.ownPids);
        targets.push({ name: providerName(database), request: target.request });
        bodyBytes ??= target.bodyBytes;
        log(`signed in; sessions/authenticate answers ${target.bodyBytes} bytes`);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        notMeasured.set(providerName(database), reason);
        log(`${providerName(database)}: not measured — ${reason}`);
      }
    }
    if (targets.length === 0) throw new Error('the provider could not be measured on any database');

    const bare = await startBareServer(bodyBytes);
    running.push(bare);
    targets.push({
      name: bareName,
      request: { ...targets[0].request, url: `${bare.url}/sdk/v1/sessions/authenticate` },
    });

    const peers = locatePeers();
    if ('missing' in peers) {
      notMeasured.set(peerName, peers.missing);
      log(`${peerName}: not measured — ${peers.missing}`);
    } else {
      try {
        const betterAuth = await startBetterAuth(peers);
        running.push(betterAuth);
        targets.push({ name: peerName, request: betterAuth.request });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        notMeasured.set(peerName, reason);
        log(`${peerName}: not measured — ${reason}`);
      }
    }

    const results = await runAlternatingRounds(targets, {
      rounds,
      seconds,
      warmupSeconds,
      connections,
      ownPids,
      log,
    });
    log(`at the end: ${formatLoadAverage()}`);
    return {
      rounds,
      seconds,
      connections,
      bodyBytes,
      results,
      notMeasured,
      rows: rowsFrom(results),
    };
  } finally {
    for (const target of running.reverse()) await target.stop();
    if (requestLogBefore === undefined) delete process.env.LATCHKEY_REQUEST_LOG;
    else process.env.LATCHKEY_REQUEST_LOG = requestLogBefore;
  }
}

function rowsFrom(results) {
  const bare = results.get(bareName);
  const peer = results.get(peerName);
  const peerReference = peer ? peerName : `${peerName} (not measured; see the bench's output)`;
  const rows = [];
  const throughputRow = (measure, provider, reference, referenceName, goalRatio) => {
    const ratio = reference ? provider.requestsPerSecond / reference.requestsPerSecond : undefined;
    return {
      measure,
      latchkey: provider.requestsPerSecond,
      unit: 'req/s',
      reference: referenceName,
      ...(reference && { referenceValue: reference.requestsPerSecond, ratio }),
      goal: `≥ ${goalRatio}×`,
      ...(ratio !== undefined && { met: ratio >= goalRatio }),
    };
  };
  const p99Row = (measure, provider, goalMs) => ({
    measure,
    latchkey: provider.p99Ms,
    unit: 'ms',
    reference: `${bareName} p99`,
    referenceValue: bare.p99Ms,
    goal: `< ${goalMs} ms`,
    met: provider.p99Ms < goalMs,
  });
  const postgres = results.get(providerName('postgres'));
  if (postgres) {
    const name = 'sessions/authenticate, PostgreSQL';
    rows.push(throughputRow(`${name}: req/s vs bare`, postgres, bare, bareName, 0.3));
    rows.push(throughputRow(`${name}: req/s vs better-auth`, postgres, peer, peerReference, 10));
    rows.push(p99Row(`${name}: p99`, postgres, 20));
  }
  const pglite = results.get(providerName('pglite'));
  if (pglite) {
    const name = 'sessions/authenticate, PGlite';
    rows.push(throughputRow(`${name}: req/s vs better-auth`, pglite, peer, peerReference, 2));
    rows.push(p99Row(`${name}: p99`, pglite, 100));
  }
  return rows;
}

/** Prints the medians as a small table, the ratios, and anything that was not measured. */
export function printSessionFigures({ results, notMeasured, rounds }, log = console.log) {
  printRoundMedians(results, rounds, log);
  const bare = results.get(bareName);
  const peer = results.get(peerName);
  for (const database of Object.keys(databaseLabels)) {
    const provider = results.get(providerName(database));
    if (!provider) continue;
    const vsPeer = peer
      ? `, ${formatRatio(provider.requestsPerSecond / peer.requestsPerSecond)} ${peerName}`
      : '';
    log(
      `${providerName(database)}: ${formatRatio(provider.requestsPerSecond / bare.requestsPerSecond)} ${bareName}${vsPeer} (throughput)`,
    );
  }
  for (const [name, reason] of notMeasured) log(`not measured: ${name} — ${reason}`);
}

await runWhenMain(import.meta.url, 'session-authenticate', async () => {
  const figures = await benchSessionAuthenticate();
  printSessionFigures(figures);
  printBenchRows(figures.rows);
});

#!/usr/bin/env node
/**
 * Scale-out on PostgreSQL (issue 23): requests per second and tail latency of
 * `POST /sdk/v1/sessions/authenticate` on one provider instance reached directly, against three
 * instances on the same database behind a loopback round-robin proxy (scripts/round-robin-proxy.mjs
 * on http-proxy-3, in a process of its own, reusing its connections as nginx's `keepalive` does),
 * and one instance behind the same proxy (what the proxy's hop costs by itself), all measured in
 * the same run in alternating rounds on a throwaway PostgreSQL cluster. On one machine the
 * instances, the proxy, the database and the load generator share its cores: the figures say what
 * the proxy's hop and the shared database cost, not what more machines would add. It prints
 * figures and never fails on them (exit 1 only when it could not measure).
 *
 * Env: BENCH_ROUNDS (3), BENCH_SECONDS (10) per target per round, BENCH_WARMUP_SECONDS (3),
 * BENCH_CONNECTIONS (50), BENCH_DATABASE_URL, BENCH_REQUEST_LOG (debug), BENCH_SKIP_BUILD=1;
 * see bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { printRoundMedians, runAlternatingRounds } from './lib/alternating-rounds.mjs';
import { formatRatio, numberFromEnv, printBenchRows, runWhenMain } from './lib/bench-rows.mjs';
import { startNodeChild } from './lib/child-process.mjs';
import { formatLoadAverage } from './lib/machine-load.mjs';
import { startBenchPostgres } from './lib/postgres-cluster.mjs';
import { repoRoot, startProvider } from './lib/provider-process.mjs';
import { sdkHeaders, signInWithMagicLink } from './lib/sign-in.mjs';

const INSTANCES = 3;
const directName = '1 instance, direct';
const oneProxiedName = '1 instance behind the proxy';
const threeProxiedName = `${INSTANCES} instances behind the proxy`;

/** Starts the proxy as a child in front of `targets`; resolves with its URL once it listens. */
async function startProxy(targets) {
  const handle = startNodeChild(
    [join(repoRoot, 'scripts/round-robin-proxy.mjs'), '--keep-alive', ...targets],
    {
      env: { PATH: process.env.PATH ?? '' },
      cwd: repoRoot,
    },
  );
  const url = await new Promise((resolve, reject) => {
    handle.onLine((line) => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) resolve(match[1]);
    });
    handle.child.once('exit', (code) => reject(new Error(`the proxy exited (${code}):\n${handle.output()}`)));
  });
  return { url, pid: handle.child.pid, stop: handle.stop };
}

/** Runs the bench and returns its figures and rows. */
export async function benchScaleOut({ log = console.log } = {}) {
  const rounds = numberFromEnv('BENCH_ROUNDS', 3);
  const seconds = numberFromEnv('BENCH_SECONDS', 10);
  const warmupSeconds = numberFromEnv('BENCH_WARMUP_SECONDS', 3, { allowZero: true });
  const connections = numberFromEnv('BENCH_CONNECTIONS', 50);
  // Production's request-log policy (no line per request), as session-authenticate.mjs.
  const providerEnv = {
    LATCHKEY_REQUEST_LOG: process.env.BENCH_REQUEST_LOG || 'debug',
    // Instances of one deployment share the secret that seals the signing keys.
    LATCHKEY_KEY_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
  };
  log(
    `scale-out: ${rounds} alternating rounds × ${seconds} s per target (+${warmupSeconds} s warm-up), ${connections} connections, ${INSTANCES} instances on one PostgreSQL`,
  );
  log(`at the start: ${formatLoadAverage()}`);
  const running = [];
  try {
    const postgres = await startBenchPostgres();
    running.push(postgres);
    log(`PostgreSQL: ${postgres.origin}`);
    const instances = [];
    // One after the other: the first migrates the empty database; the others find it migrated.
    for (let index = 0; index < INSTANCES; index += 1) {
      const instance = await startProvider({ databaseUrl: postgres.url, env: providerEnv });
      running.push(instance);
      instances.push(instance);
      log(`instance ${index + 1}: ${instance.url}`);
    }
    const [first] = instances;
    const { sessionToken } = await signInWithMagicLink(first.url, first.project, {
      sessionDurationMinutes: Math.max(60, Math.ceil(((rounds * 3 * seconds + 3 * warmupSeconds) * 4) / 60)),
    });
    const oneProxied = await startProxy([first.url]);
    running.push(oneProxied);
    const threeProxied = await startProxy(instances.map((instance) => instance.url));
    running.push(threeProxied);

    const request = (base) => ({
      url: `${base}/sdk/v1/sessions/authenticate`,
      method: 'POST',
      headers: sdkHeaders(first.project.public_token, sessionToken),
      body: '{}',
    });
    const targets = [
      { name: directName, request: request(first.url) },
      { name: oneProxiedName, request: request(oneProxied.url) },
      { name: threeProxiedName, request: request(threeProxied.url) },
    ];
    // The session is one database row: every instance answers it, whichever signed it in.
    for (const target of targets) {
      for (let probe = 0; probe < INSTANCES; probe += 1) {
        const response = await fetch(target.request.url, {
          ...target.request,
          signal: AbortSignal.timeout(10_000),
        });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${target.name}: ${response.status} ${body}`);
      }
    }
    log('the session checks answer 200 directly and through both proxies');

    const results = await runAlternatingRounds(targets, {
      rounds,
      seconds,
      warmupSeconds,
      connections,
      ownPids: postgres.postmasterPid ? [postgres.postmasterPid] : [],
      log,
    });
    log(`at the end: ${formatLoadAverage()}`);
    return { rounds, seconds, connections, results, rows: rowsFrom(results) };
  } finally {
    for (const part of running.reverse()) await part.stop();
  }
}

function rowsFrom(results) {
  const direct = results.get(directName);
  const oneProxied = results.get(oneProxiedName);
  const threeProxied = results.get(threeProxiedName);
  const name = `sessions/authenticate, ${INSTANCES} instances behind a proxy`;
  return [
    {
      measure: `${name}: req/s vs 1 instance direct`,
      latchkey: threeProxied.requestsPerSecond,
      unit: 'req/s',
      reference: directName,
      referenceValue: direct.requestsPerSecond,
      ratio: threeProxied.requestsPerSecond / direct.requestsPerSecond,
    },
    {
      measure: `${name}: req/s vs 1 instance behind the proxy`,
      latchkey: threeProxied.requestsPerSecond,
      unit: 'req/s',
      reference: oneProxiedName,
      referenceValue: oneProxied.requestsPerSecond,
      ratio: threeProxied.requestsPerSecond / oneProxied.requestsPerSecond,
    },
    {
      measure: `${name}: p99`,
      latchkey: threeProxied.p99Ms,
      unit: 'ms',
      reference: `${directName} p99`,
      referenceValue: direct.p99Ms,
      ratio: threeProxied.p99Ms / direct.p99Ms,
    },
  ];
}

/** Prints the medians and the ratios. */
export function printScaleOutFigures({ results, rounds }, log = console.log) {
  printRoundMedians(results, rounds, log);
  const direct = results.get(directName);
  for (const name of [oneProxiedName, threeProxiedName]) {
    const f = results.get(name);
    log(
      `${name}: ${formatRatio(f.requestsPerSecond / direct.requestsPerSecond)} ${directName} (throughput), p99 ${formatRatio(f.p99Ms / direct.p99Ms)}`,
    );
  }
}

await runWhenMain(import.meta.url, 'scale-out', async () => {
  const figures = await benchScaleOut();
  printScaleOutFigures(figures);
  printBenchRows(figures.rows);
});

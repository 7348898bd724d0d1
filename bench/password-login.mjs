#!/usr/bin/env node
/**
 * Password logins per second with 4 in flight, against the argon2id floor and better-auth in the
 * same run (alternating rounds):
 *
 * - floor: bare `verify(hash, password)` calls of a hasher with the provider's parameters
 *   (m = 19 MiB, t = 2, p = 1) and its default limit (2 × cores). Every login does exactly one
 *   verification, so this is the most logins the hash allows; the rest of a login is the
 *   provider's own work.
 * - in-process: `POST /sdk/v1/passwords/authenticate` through `app.inject` (no sockets) of the
 *   provider built from apps/provider/dist, PGlite in memory (or BENCH_DATABASE_URL).
 * - http: the same route of the built provider started as a child on a loopback port
 *   (`node apps/provider/dist/main.js`, development mode, PGlite in a temp data dir, or
 *   BENCH_DATABASE_URL), keep-alive connections.
 * - better-auth: its `POST /api/auth/sign-in/email` (the anchors' srv-better-auth.mjs,
 *   better-sqlite3, scrypt), through the same HTTP client. Skipped, with the reason, when the
 *   peers are not installed (../shared/anchors/setup.sh).
 *
 * Each round gives every target the same number of logins (BENCH_PASSWORD_LOGINS) and prints the
 * CPU other processes used meanwhile; figures are medians over BENCH_PASSWORD_ROUNDS rounds.
 * It also prints the CPU time per login of the process doing the work (this process for the floor
 * and in-process, the child for http and better-auth): on a machine others load, the ratio of
 * the floor's CPU per verify to a target's CPU per login is the throughput ratio the target
 * reaches when both are CPU-bound on the same cores, and it barely moves with foreign load.
 * Beside it, the main thread's share: argon2id runs on libuv's threads, so the main thread's CPU
 * per login is the provider's own work (routes, SQL, PGlite), the part a faster login must cut
 * (in-process, it also holds app.inject's client side).
 * It prints figures and never fails on them (exit 1 only if it could not measure); its last line
 * is `BENCH_ROWS [...]` for bench/run.mjs.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { numberFromEnv, runWhenMain } from './lib/bench-rows.mjs';
import { startCpuProfile } from './lib/cpu-profile.mjs';
import { startForeignCpuMeter } from './lib/foreign-cpu.mjs';
import { locatePeers, startBetterAuthServer } from './lib/peers.mjs';
import { buildProvider, repoRoot, startProvider } from './lib/provider-process.mjs';
import { sdkHeaders } from './lib/sign-in.mjs';

const logins = numberFromEnv('BENCH_PASSWORD_LOGINS', 60, { integer: true });
const rounds = numberFromEnv('BENCH_PASSWORD_ROUNDS', 3, { integer: true });
const concurrency = numberFromEnv('BENCH_PASSWORD_CONCURRENCY', 4, { integer: true });
/** Hasher limits to measure in-process, e.g. "1,2,4" (default: the provider's own default only). */
const hashLimits = (process.env.BENCH_PASSWORD_HASH_LIMITS ?? '')
  .split(',')
  .filter(Boolean)
  .map((value) => {
    const limit = Number(value);
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error('BENCH_PASSWORD_HASH_LIMITS: whole numbers ≥ 1');
    return limit;
  });
/** Which targets to run: floor, in-process, http, better-auth (default all). */
const wantedTargets = new Set(
  (process.env.BENCH_PASSWORD_TARGETS ?? 'floor,in-process,http,better-auth').split(','),
);
const ACCOUNTS = 8;
const PASSWORD = 'bench-violet-harbour-kettle-73';
const WARM_UP_LOGINS = 8;

/** CPU milliseconds (user + system, all threads) this process has used. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU milliseconds (user + system) from a stat(5) file of /proc (Linux). */
function statCpuMs(path) {
  try {
    const text = readFileSync(path, 'utf8');
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU milliseconds (user + system, all threads) process `pid` has used. */
const processCpuMs = (pid) => statCpuMs(`/proc/${pid}/stat`);

/**
 * CPU milliseconds of process `pid`'s main thread alone: what a login costs besides the hash,
 * which runs on libuv's threads (the floor's main thread does almost nothing).
 */
const mainThreadCpuMs = (pid) => statCpuMs(`/proc/${pid}/task/${pid}/stat`);
const ownMainThreadCpuMs = () => mainThreadCpuMs(process.pid);

const load = (path) => import(pathToFileURL(join(repoRoot, 'apps/provider/dist', path)).href);

/** Runs `count` calls of `task(i)` with at most `width` in flight; returns the elapsed ms and each call's ms. */
async function timed(count, width, task) {
  const durations = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      durations.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return { elapsedMs: performance.now() - started, durations: durations.sort((a, b) => a - b) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Keep-alive HTTP POSTs of JSON with at most `width` sockets; rejects on a non-200 answer. */
function jsonPoster(url, headers, width) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: width });
  const post = (body) =>
    new Promise((resolvePost, reject) => {
      const payload = JSON.stringify(body);
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => {
            if (response.statusCode === 200) resolvePost(text);
            else reject(new Error(`${url} answered ${response.statusCode}: ${text.slice(0, 300)}`));
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

/** better-auth's email + password sign-in (anchors srv-better-auth.mjs, NODE_ENV=production), as a target. */
async function betterAuthTarget(peers) {
  const server = await startBetterAuthServer(peers);
  const client = jsonPoster(`${server.base}/api/auth/sign-in/email`, { origin: server.base }, concurrency);
  return {
    name: 'better-auth',
    label: `better-auth ${server.version} sign-in/email (scrypt, better-sqlite3)`,
    cpuMs: () => processCpuMs(server.pid),
    mainThreadMs: () => mainThreadCpuMs(server.pid),
    login: () => client.post({ email: server.info.email, password: server.info.password }),
    stop: async () => {
      client.close();
      await server.stop();
    },
  };
}

/** Creates the bench accounts through `post` and returns their addresses (spread so no account has 5 logins in flight). */
async function createAccounts(post) {
  const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench-${i}@example.com`);
  for (const email of emails) await post('/passwords', { email, password: PASSWORD });
  return emails;
}

/** The provider started as a child, its logins over loopback HTTP, as a target. */
async function httpTarget() {
  const provider = await startProvider();
  try {
    const headers = sdkHeaders(provider.project.public_token);
    const clients = new Map();
    const post = (path, body) => {
      if (!clients.has(path))
        clients.set(path, jsonPoster(`${provider.url}/sdk/v1${path}`, headers, concurrency));
      return clients.get(path).post(body);
    };
    const emails = await createAccounts(post);
    return {
      name: 'http',
      label: `provider over HTTP (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, child process)`,
      cpuMs: () => processCpuMs(provider.pid),
      mainThreadMs: () => mainThreadCpuMs(provider.pid),
      login: (i) => post('/passwords/authenticate', { email: emails[i % ACCOUNTS], password: PASSWORD }),
      stop: async () => {
        for (const client of clients.values()) client.close();
        await provider.stop();
      },
    };
  } catch (error) {
    await provider.stop();
    throw error;
  }
}

/** With BENCH_CPU_PROFILE=<file>: a V8 CPU profile of the in-process logins only (not the set-up). */
function startProfiler() {
  const file = process.env.BENCH_CPU_PROFILE;
  return file ? startCpuProfile(file) : undefined;
}

/** Runs the bench and returns its figures; used by bench/run.mjs as well. */
export async function benchPasswordLogin({ log = console.log } = {}) {
  log(
    `password-login: ${rounds} rounds × ${logins} logins per target, concurrency ${concurrency}, ${ACCOUNTS} accounts`,
  );
  buildProvider();
  const [
    { buildApp },
    { systemClock },
    { connectDatabase },
    { migrateToLatest },
    hasherModule,
    outbox,
    projects,
    random,
  ] = await Promise.all([
    load('app.js'),
    load('clock.js'),
    load('db/connect.js'),
    load('db/migrate.js'),
    load('crypto/password-hasher.js'),
    load('email/outbox-mailer.js'),
    load('features/projects/projects.service.js'),
    load('random.js'),
  ]);
  const parameters = hasherModule.PRODUCTION_ARGON2;
  const database = await connectDatabase(
    process.env.BENCH_DATABASE_URL
      ? { kind: 'postgres', url: process.env.BENCH_DATABASE_URL }
      : { kind: 'pglite-memory' },
  );
  const deps = { clock: systemClock, random: random.cryptoRandom };
  const targets = [];
  const skipped = [];
  let app;
  try {
    await migrateToLatest(database.db);
    const mailer = outbox.createOutboxMailer({
      db: database.db,
      ...deps,
      from: 'bench@localhost',
      outboxUrl: 'http://127.0.0.1/dev/outbox',
      announce: () => {},
    });
    // One app whose hasher can be switched, so several hasher limits meet the same database.
    const hashers = new Map(
      [undefined, ...hashLimits].map((limit) => [
        limit,
        hasherModule.createPasswordHasher({ parameters, ...(limit ? { maxConcurrent: limit } : {}) }),
      ]),
    );
    let hasher = hashers.get(undefined);
    const switchable = {
      hash: (password) => hasher.hash(password),
      verify: (stored, password) => hasher.verify(stored, password),
      needsRehash: (stored) => hasher.needsRehash(stored),
      dummyVerify: (password) => hasher.dummyVerify(password),
    };
    app = buildApp(
      {
        mode: 'development',
        issuer: 'stytch.com',
        keyEncryptionSecret: process.env.LATCHKEY_KEY_ENCRYPTION_SECRET, // as the child reads it: with BENCH_DATABASE_URL they share the signing keys
        trustProxy: false,
      },
      // The change feed as main.ts passes it: production's caches (sessions, projects, the webhook outbox) listen on it.
      { db: database.db, ...deps, mailer, passwordHasher: switchable, changeFeed: database.changeFeed },
    );
    await app.ready();
    const { credentials } = await projects.createProject(database.db, deps, { name: 'Bench', isDev: true });
    const inject = async (path, body) => {
      const response = await app.inject({
        method: 'POST',
        url: `/sdk/v1${path}`,
        headers: sdkHeaders(credentials.public_token),
        remoteAddress: '127.0.0.1',
        payload: body,
      });
      if (response.statusCode !== 200)
        throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
      return response;
    };
    const emails = await createAccounts(inject);
    const stored = await database.db.selectFrom('passwords').select('hash').executeTakeFirstOrThrow();
    const floorHasher = hasherModule.createPasswordHasher({ parameters });

    if (wantedTargets.has('floor'))
      targets.push({
        name: 'floor',
        label: 'argon2id verify alone (the floor)',
        cpuMs: ownCpuMs,
        mainThreadMs: ownMainThreadCpuMs,
        login: async () => {
          if (!(await floorHasher.verify(stored.hash, PASSWORD))) throw new Error('verify failed');
        },
      });
    if (wantedTargets.has('in-process'))
      for (const limit of hashers.keys())
        targets.push({
          name: limit === undefined ? 'in-process' : `in-process, hash limit ${limit}`,
          label:
            limit === undefined
              ? `provider in-process (${database.kind}, app.inject)`
              : `provider in-process, hasher limit ${limit}`,
          cpuMs: ownCpuMs,
          mainThreadMs: ownMainThreadCpuMs,
          before: () => {
            hasher = hashers.get(limit);
          },
          login: (i) =>
            inject('/passwords/authenticate', { email: emails[i % ACCOUNTS], password: PASSWORD }),
        });
    if (wantedTargets.has('http')) targets.push(await httpTarget());
    if (wantedTargets.has('better-auth')) {
      const peers = locatePeers();
      if ('missing' in peers) skipped.push(`better-auth: ${peers.missing}`);
      else {
        try {
          targets.push(await betterAuthTarget(peers));
        } catch (error) {
          skipped.push(`better-auth could not start: ${error instanceof Error ? error.message : error}`);
        }
      }
    }
    for (const note of skipped) log(`skipped ${note}`);

    log('warming up…');
    for (const target of targets) {
      target.before?.();
      await timed(WARM_UP_LOGINS, concurrency, target.login);
    }
    const perTarget = new Map(targets.map((target) => [target.name, []]));
    const width = Math.max(...targets.map((target) => target.name.length));
    for (let round = 0; round < rounds; round++) {
      for (const target of round % 2 ? [...targets].reverse() : targets) {
        target.before?.();
        const profiler = target.name === 'in-process' && round === 0 ? await startProfiler() : undefined;
        const stopMeter = startForeignCpuMeter();
        const cpuBefore = target.cpuMs();
        const mainBefore = target.mainThreadMs();
        const run = await timed(logins, concurrency, target.login);
        const cpuMsPerLogin = (target.cpuMs() - cpuBefore) / logins;
        const mainThreadMsPerLogin = (target.mainThreadMs() - mainBefore) / logins;
        const foreignCores = stopMeter()?.foreignCores ?? Number.NaN;
        await profiler?.stop();
        const figures = {
          perSecond: logins / (run.elapsedMs / 1000),
          p50Ms: percentile(run.durations, 50),
          p99Ms: percentile(run.durations, 99),
          cpuMsPerLogin,
          mainThreadMsPerLogin,
          foreignCores,
        };
        perTarget.get(target.name).push(figures);
        log(
          `round ${round + 1} ${target.name.padEnd(width)} ${figures.perSecond.toFixed(1).padStart(6)} /s  p50 ${figures.p50Ms.toFixed(0)} ms  p99 ${figures.p99Ms.toFixed(0)} ms  CPU ${figures.cpuMsPerLogin.toFixed(1)} ms/login (main thread ${figures.mainThreadMsPerLogin.toFixed(1)})  foreign CPU ${foreignCores.toFixed(2)} cores`,
        );
      }
    }
    const results = targets.map((target) => {
      const rs = perTarget.get(target.name);
      return {
        name: target.name,
        label: target.label,
        perSecond: median(rs.map((r) => r.perSecond)),
        p50Ms: median(rs.map((r) => r.p50Ms)),
        p99Ms: median(rs.map((r) => r.p99Ms)),
        cpuMsPerLogin: median(rs.map((r) => r.cpuMsPerLogin)),
        mainThreadMsPerLogin: median(rs.map((r) => r.mainThreadMsPerLogin)),
        foreignCores: rs.map((r) => r.foreignCores),
      };
    });
    const of = (name) => results.find((r) => r.name === name);
    return {
      logins,
      rounds,
      concurrency,
      argon2: parameters,
      database: database.kind,
      results,
      skipped,
      // The figures bench/run.mjs used to read.
      loginsPerSecond: of('in-process')?.perSecond ?? Number.NaN,
      loginP99Ms: of('in-process')?.p99Ms ?? Number.NaN,
      argon2Share: (of('in-process')?.perSecond ?? Number.NaN) / (of('floor')?.perSecond ?? Number.NaN),
    };
  } finally {
    for (const target of targets) await target.stop?.();
    await app?.close();
    await database.close();
  }
}

const ratio = (a, b) => (a !== undefined && b !== undefined ? a.perSecond / b.perSecond : undefined);
/** The floor's CPU per verify over `r`'s CPU per login. */
const cpuRatio = (r, floor) => floor.cpuMsPerLogin / r.cpuMsPerLogin;

/** Prints the figures. */
export function printPasswordLoginFigures(f, log = console.log) {
  const { memoryCost, timeCost, parallelism } = f.argon2;
  log('');
  log(
    `argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}; ${f.rounds} rounds × ${f.logins} logins at concurrency ${f.concurrency}; medians`,
  );
  const width = Math.max(...f.results.map((r) => r.label.length));
  for (const r of f.results)
    log(
      `${r.label.padEnd(width)} ${r.perSecond.toFixed(1).padStart(7)} /s   p50 ${r.p50Ms.toFixed(0)} ms   p99 ${r.p99Ms.toFixed(0)} ms   CPU ${r.cpuMsPerLogin.toFixed(1)} ms/login (main thread ${r.mainThreadMsPerLogin.toFixed(1)})   foreign CPU ${r.foreignCores.map((c) => c.toFixed(2)).join(', ')}`,
    );
  const of = (name) => f.results.find((r) => r.name === name);
  const floor = of('floor');
  const betterAuth = of('better-auth');
  for (const r of f.results) {
    if (r === floor || r === betterAuth) continue;
    const parts = [];
    if (floor) {
      parts.push(`${ratio(r, floor).toFixed(2)}× the floor (goal ≥ 0.8)`);
      parts.push(
        `CPU-bound ratio ${cpuRatio(r, floor).toFixed(2)} (the floor's CPU per verify ÷ this CPU per login)`,
      );
    }
    if (betterAuth) parts.push(`${ratio(r, betterAuth).toFixed(1)}× better-auth (goal ≥ 4)`);
    if (parts.length > 0) log(`${r.name}: ${parts.join(', ')}`);
  }
  for (const note of f.skipped) log(`not measured: ${note}`);
}

/** The BENCH_ROWS of a run (bench/run.mjs builds its table from them). */
export function passwordLoginRows(f) {
  const of = (name) => f.results.find((r) => r.name === name);
  const floor = of('floor');
  const betterAuth = of('better-auth');
  const db = f.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const rows = [];
  for (const [name, measure] of [
    ['http', `password logins over HTTP, ${f.concurrency} in flight, ${db}`],
    ['in-process', `password logins in-process, ${f.concurrency} in flight, ${db}`],
  ]) {
    const r = of(name);
    if (!r) continue;
    if (floor) {
      const value = ratio(r, floor);
      rows.push({
        measure: `${measure}: vs argon2id floor`,
        latchkey: r.perSecond,
        unit: 'logins/s',
        reference: 'argon2id verify alone, same parameters and concurrency',
        referenceValue: floor.perSecond,
        ratio: value,
        goal: '≥ 0.8× the floor',
        met: value >= 0.8,
      });
    }
    if (betterAuth) {
      const value = ratio(r, betterAuth);
      rows.push({
        measure: `${measure}: vs better-auth`,
        latchkey: r.perSecond,
        unit: 'logins/s',
        reference: betterAuth.label,
        referenceValue: betterAuth.perSecond,
        ratio: value,
        goal: '≥ 4× better-auth',
        met: value >= 4,
      });
    }
    if (floor)
      rows.push({
        measure: `${measure}: CPU per login vs one argon2id verify`,
        latchkey: r.cpuMsPerLogin,
        unit: 'ms CPU/login',
        reference: 'argon2id verify alone, CPU per verify',
        referenceValue: floor.cpuMsPerLogin,
        ratio: cpuRatio(r, floor),
      });
    if (!floor && !betterAuth) rows.push({ measure, latchkey: r.perSecond, unit: 'logins/s' });
  }
  return rows;
}

await runWhenMain(import.meta.url, 'password-login', async () => {
  const figures = await benchPasswordLogin();
  printPasswordLoginFigures(figures);
  process.stdout.write(`BENCH_ROWS ${JSON.stringify(passwordLoginRows(figures))}\n`);
});

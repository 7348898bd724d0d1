#!/usr/bin/env node
/**
 * Throughput of `verifySessionJwt` from the built `@latchkey/node` (packages/node/dist) inside a
 * node:http handler, next to a bare node:http server answering the same JSON, in the same run,
 * rounds alternating so that the machine's changing load hits every row alike. The ratio
 * (verifying / bare) is the figure to compare; absolute numbers depend on the machine.
 *
 * Rows: one ES256 session JWT repeated (the best case for the verified-token cache); a realistic
 * spread of 1 000 users' tokens, round-robin; and the same spread with the cache switched off, so
 * every call pays the full signature check (the miss path). The JWKS is served by this process on
 * 127.0.0.1 and fetched once by each verifying server, as an integrator's server would.
 *
 * Prints figures, never fails on them (exit 1 only if it could not measure). Last stdout line:
 * `BENCH_ROWS [...]` (bench/README.md).
 *
 * Env: BENCH_ROUNDS (default 3), BENCH_SECONDS (default 5) per measured run, BENCH_WARMUP_SECONDS
 * (default 2), BENCH_CONNECTIONS (default 50), BENCH_USERS (default 1000). BENCH_BASELINE_DIST: the
 * `dist` directory of another build of @latchkey/node (inside this checkout, so that it finds jose),
 * measured in the same rounds as "baseline" rows — a before/after in one run. Baseline rows are
 * printed but not part of BENCH_ROWS. BENCH_SCENARIOS: a regular expression; only the rows whose
 * name matches it are measured (with the bare rows). BENCH_CPU_PROF_DIR: each child server profiles itself
 * (node:inspector) and writes `node-verify-<kind>.cpuprofile` there when the bench stops it.
 * BENCH_SETTLE_SECONDS (default 15): every server's idle time before round 1 (see the settle step).
 * BENCH_SERVER_NODE_ARGS: extra `node` flags for every child server, space-separated.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { numberFromEnv } from './lib/bench-rows.mjs';
import { stopChildProcess } from './lib/child-process.mjs';
import { startCpuProfile } from './lib/cpu-profile.mjs';
import { startForeignCpuMeter } from './lib/foreign-cpu.mjs';

const PROJECT_ID = 'project-test-00000000-0000-4000-8000-00000000be7c';
/**
 * The clients' limit on the JWKS fetch. The default 5 s is a production setting; on a shared
 * machine at a load of 30 a starved process can miss it, and the bench measures verification,
 * not that limit.
 */
const JWKS_TIMEOUT_MS = 60_000;

/** The JSON both servers answer: the verifying one fills it from the verified token. */
function answer(userId, sessionId) {
  return JSON.stringify({ ok: true, user_id: userId, session_id: sessionId });
}

/**
 * A child server. `bare` answers a constant body shaped and sized like the verifying one's;
 * `verify:<cacheEntries>` checks `Authorization: Bearer <jwt>` with `verifySessionJwt`;
 * `handler-only` is the verifying handler with a stand-in that resolves a fixed result, so the
 * difference to it is what verification itself costs; `handler-loaded` is the same stand-in in a
 * process that has also loaded `@latchkey/node` and verified one token (`WARM_TOKEN`, so the JWKS
 * was fetched), which separates what merely loading the package and its fetch costs each request.
 */
async function serve(kind) {
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir
    ? await startCpuProfile(`${profileDir}/node-verify-${kind.replace(':', '-')}.cpuprofile`)
    : undefined;
  let handler;
  if (kind === 'bare') {
    const body = answer('user-test-bench-00000', 'session-test-bench-00000');
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      response.end(body);
    };
  } else {
    let latchkey;
    if (kind === 'handler-only') latchkey = standInVerifier();
    else if (kind === 'handler-loaded') {
      const loaded = await verifier(10_000);
      const warm = await loaded.verifySessionJwt(process.env.WARM_TOKEN);
      if (!warm.ok) throw new Error(`the warm-up token was refused: ${warm.error.code}`);
      latchkey = standInVerifier();
    } else latchkey = await verifier(Number(kind.split(':')[1]));
    const respond = (response, result) => {
      const body = result.ok
        ? answer(result.userId, result.session.session_id)
        : JSON.stringify({ ok: false, error: result.error.code });
      response.writeHead(result.ok ? 200 : 401, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    };
    // As an integrator would write it: a token this client verified before is answered in the
    // same turn (`verifySessionJwtFromCache`), anything else awaits `verifySessionJwt`. The
    // `verify-awaited` servers, and a baseline build without the method, always await.
    const fromCache = kind.startsWith('verify-awaited') ? undefined : latchkey.verifySessionJwtFromCache;
    handler = (request, response) => {
      const jwt = (request.headers.authorization ?? '').slice('Bearer '.length);
      const hit = fromCache?.(jwt);
      if (hit !== undefined) respond(response, hit);
      else latchkey.verifySessionJwt(jwt).then((result) => respond(response, result));
    };
  }
  const server = createServer(handler);
  server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
  process.on('SIGTERM', async () => {
    await profile?.stop();
    process.exit(0);
  });
  process.on('SIGINT', () => process.exit(0));
}

async function verifier(cacheEntries) {
  const dist =
    process.env.NODE_VERIFY_DIST ?? fileURLToPath(new URL('../packages/node/dist', import.meta.url));
  const { createLatchkeyServerClient } = await import(pathToFileURL(`${dist}/index.js`).href);
  return createLatchkeyServerClient({
    providerUrl: process.env.JWKS_ORIGIN,
    projectId: PROJECT_ID,
    verifiedTokenCacheMaxEntries: cacheEntries,
    timeoutMs: JWKS_TIMEOUT_MS,
  });
}

function standInVerifier() {
  const result = {
    ok: true,
    userId: 'user-test-bench-00000',
    session: { session_id: 'session-test-bench-00000' },
  };
  const refusal = { ok: false, error: { code: 'invalid_jwt' } };
  return {
    verifySessionJwtFromCache: (jwt) => (jwt.length > 0 ? result : undefined),
    verifySessionJwt: async (jwt) => (jwt.length > 0 ? result : refusal),
  };
}

const children = new Set();
function stopChildren() {
  for (const child of children) child.kill('SIGKILL');
}

/** SIGTERM first, so that a profiling child writes its profile; SIGKILL for one that hangs. */
async function stopChildrenGracefully() {
  await Promise.all(
    [...children].map(async (child) => {
      await stopChildProcess(child, 30_000);
      children.delete(child);
    }),
  );
}

function startServer(kind, env) {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, fileURLToPath(import.meta.url), '--serve', kind], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${match[1]}/`, pid: child.pid });
      }
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited ${code}:\n${output}`)));
  });
}

/** Claims shaped like the provider's session JWT (contracts.md), for user number `index`. */
function sessionClaims(index, issuedAt) {
  const iat = Math.floor(issuedAt / 1000);
  const id = String(index).padStart(5, '0');
  const stamp = new Date(iat * 1000).toISOString();
  return {
    sub: `user-test-bench-${id}`,
    iss: `stytch.com/${PROJECT_ID}`,
    aud: [PROJECT_ID],
    iat,
    nbf: iat,
    exp: iat + 300,
    'https://stytch.com/session': {
      id: `session-test-bench-${id}`,
      started_at: stamp,
      last_authenticated_at: stamp,
      expires_at: new Date((iat + 3600) * 1000).toISOString(),
      attributes: {
        ip_address: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0',
      },
      authentication_factors: [
        {
          type: 'password',
          delivery_method: 'knowledge',
          last_authenticated_at: stamp,
          email_factor: { email_id: `email-test-bench-${id}`, email_address: `user${id}@example.com` },
        },
      ],
    },
  };
}

/**
 * CPU cores used by processes outside this process tree during a window (the shared machine's
 * noise), read from /proc; the same method as the peers' harness (shared/anchors/lib/cpu.mjs).
 */
function startNoiseMeter() {
  const stop = startForeignCpuMeter();
  return () => stop()?.foreignCores ?? Number.NaN;
}

/** CPU µs per `verifySessionJwt` call of the build in `dist`, with the cache on and off. */
async function inProcessCosts(dist, providerUrl, spread) {
  const { createLatchkeyServerClient } = await import(pathToFileURL(`${dist}/index.js`).href);
  const cached = createLatchkeyServerClient({
    providerUrl,
    projectId: PROJECT_ID,
    timeoutMs: JWKS_TIMEOUT_MS,
  });
  const uncached = createLatchkeyServerClient({
    providerUrl,
    projectId: PROJECT_ID,
    verifiedTokenCacheMaxEntries: 0,
    timeoutMs: JWKS_TIMEOUT_MS,
  });
  const cpuPerCall = async (client, calls, pick) => {
    for (let index = 0; index < 2_000; index += 1) {
      const result = await client.verifySessionJwt(pick(index));
      if (!result.ok)
        throw new Error(`in-process check refused a good token: ${result.error.code}`, {
          cause: result.error.cause,
        });
    }
    const started = process.cpuUsage();
    for (let index = 0; index < calls; index += 1) await client.verifySessionJwt(pick(index));
    const used = process.cpuUsage(started);
    return (used.user + used.system) / calls;
  };
  // The same hits without a promise (verifySessionJwtFromCache), where the build has it.
  const syncPerCall = (calls, pick) => {
    if (typeof cached.verifySessionJwtFromCache !== 'function') return Number.NaN;
    const started = process.cpuUsage();
    for (let index = 0; index < calls; index += 1)
      if (cached.verifySessionJwtFromCache(pick(index)) === undefined)
        throw new Error('expected a cache hit');
    const used = process.cpuUsage(started);
    return (used.user + used.system) / calls;
  };
  return {
    single: await cpuPerCall(cached, 50_000, () => spread[0]),
    singleSync: syncPerCall(50_000, () => spread[0]),
    spread: await cpuPerCall(cached, 50_000, (index) => spread[index % spread.length]),
    uncached: await cpuPerCall(uncached, 5_000, (index) => spread[index % spread.length]),
  };
}

/** GET `url` with this Authorization header through node:http, on a connection of its own. */
function getJson(url, authorization) {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { authorization }, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
}

/** utime + stime of one process, in clock ticks (1/100 s). */
function cpuTicksOf(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const rounds = numberFromEnv('BENCH_ROUNDS', 3);
  const seconds = numberFromEnv('BENCH_SECONDS', 5);
  const warmupSeconds = numberFromEnv('BENCH_WARMUP_SECONDS', 2, { allowZero: true });
  const connections = numberFromEnv('BENCH_CONNECTIONS', 50);
  const users = numberFromEnv('BENCH_USERS', 1000);
  const { default: autocannon } = await import('autocannon');
  const { exportJWK, generateKeyPair, SignJWT } = await import('jose');

  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'bench-key-1', alg: 'ES256', use: 'sig' }] };
  const sign = (claims) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'bench-key-1', typ: 'JWT' }).sign(privateKey);
  // Tokens live 5 minutes like the provider's; each round signs fresh ones, as browsers refresh.
  const signTokens = async () => {
    const now = Date.now();
    const spread = [];
    for (let index = 0; index < users; index += 1) spread.push(await sign(sessionClaims(index, now)));
    return { single: spread[0], spread };
  };

  let jwksFetches = 0;
  const jwksServer = createServer((request, response) => {
    if (request.url === `/v1/sessions/jwks/${PROJECT_ID}`) {
      jwksFetches += 1;
      // A fresh connection per fetch: a kept-alive one that this server closes at its 5 s idle
      // limit just as a client reuses it is the likely cause of runs that stopped with
      // jwks_unavailable in the in-process part, on a loaded machine.
      response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      response.end(JSON.stringify(jwks));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const jwksOrigin = `http://127.0.0.1:${jwksServer.address().port}`;

  process.on('exit', stopChildren);
  process.once('SIGINT', () => {
    stopChildren();
    process.exit(130);
  });

  try {
    const env = { JWKS_ORIGIN: jwksOrigin };
    const baselineDist = process.env.BENCH_BASELINE_DIST;
    const baselineEnv = { ...env, NODE_VERIFY_DIST: baselineDist };
    let tokens = await signTokens();
    const servers = await Promise.all([
      startServer('bare', env),
      startServer('verify:10000', env),
      startServer('verify:0', env),
      baselineDist ? startServer('verify:10000', baselineEnv) : undefined,
      startServer('handler-only', env),
      startServer('handler-loaded', { ...env, WARM_TOKEN: tokens.single }),
      startServer('verify-awaited:10000', env),
    ]);
    const [bareUrl, cachedUrl, uncachedUrl, baselineUrl, handlerUrl, loadedUrl, awaitedUrl] = servers.map(
      (server) => server?.url,
    );
    const pids = new Map(servers.filter(Boolean).map((server) => [server.url, server.pid]));
    const tokenPicker = () => {
      let next = 0;
      return (request) => {
        const jwt = tokens.spread[next];
        next = (next + 1) % tokens.spread.length;
        return { ...request, headers: { ...request.headers, authorization: `Bearer ${jwt}` } };
      };
    };
    const bareName = 'bare node:http, same JSON';
    const bareSpreadName = `bare node:http, same JSON, ${users} users' requests`;
    const allScenarios = [
      // The bare server gets the same request (a 1 KB Authorization header to parse) and ignores it.
      { name: bareName, url: bareUrl, bare: true, token: () => tokens.single },
      // The rows that send a different token per request are compared with the bare server under
      // the same request stream: building each request costs autocannon, on the same 2 cores, far
      // more than a fixed header does, and that cost must not count against verification.
      { name: bareSpreadName, url: bareUrl, bare: true, spread: true },
      {
        name: 'same handler, verification stubbed out',
        url: handlerUrl,
        token: () => tokens.single,
        ceiling: true,
      },
      {
        name: 'same, in a process that loaded @latchkey/node',
        url: loadedUrl,
        token: () => tokens.single,
        ceiling: true,
      },
      { name: 'verifySessionJwt, one token', url: cachedUrl, token: () => tokens.single },
      {
        name: 'same, always awaiting verifySessionJwt',
        url: awaitedUrl,
        token: () => tokens.single,
        ceiling: true,
      },
      { name: `verifySessionJwt, ${users} users`, url: cachedUrl, spread: true, reference: bareSpreadName },
      {
        name: `verifySessionJwt, ${users} users, cache off`,
        url: uncachedUrl,
        spread: true,
        reference: bareSpreadName,
      },
    ];
    if (baselineUrl) {
      allScenarios.push(
        { name: 'baseline build, one token', url: baselineUrl, token: () => tokens.single, baseline: true },
        {
          name: `baseline build, ${users} users`,
          url: baselineUrl,
          spread: true,
          baseline: true,
          reference: bareSpreadName,
        },
      );
    }
    // The verifying servers must really verify: a good token passes, a tampered one does not.
    // Every server gets the same two requests, checked or not, so that all start the measured
    // stream with the same history. Profiles (BENCH_CPU_PROF_DIR): a process with an async handler
    // that has answered a request outside that stream runs node:http's own process.nextTick
    // several times slower from then on (its tick objects' stores; 2.5–3 µs of CPU a request);
    // the check used to go to the verifying servers alone, which made the stubbed handler look
    // that much cheaper than a cache hit. The bare handler (synchronous) is not affected.
    const verifyingUrls = new Set([cachedUrl, uncachedUrl, baselineUrl, awaitedUrl].filter(Boolean));
    for (const url of servers.filter(Boolean).map((server) => server.url)) {
      const tampered = `${tokens.single.slice(0, -4)}AAAA`;
      const good = await getJson(url, `Bearer ${tokens.single}`);
      const goodBody = good.body;
      const bad = await getJson(url, `Bearer ${tampered}`);
      if (!verifyingUrls.has(url)) continue;
      if (good.status !== 200 || goodBody.user_id !== 'user-test-bench-00000')
        throw new Error(`sanity check failed: ${good.status} ${JSON.stringify(goodBody)}`);
      if (bad.status !== 401) throw new Error(`a tampered token got ${bad.status}`);
    }

    // Then every server idles past V8's memory reducer, as a long-running server has idled. The
    // reducer's GCs (about 8 s after activity stops) leave a process that has answered requests
    // with node:http's process.nextTick several times slower from then on (its tick objects'
    // stores; `--no-memory-reducer` prevents it); a server first loaded before they ran, as bare
    // was in round 1, is spared it, which made the others look 3–5 µs a request dearer.
    const settleSeconds = numberFromEnv('BENCH_SETTLE_SECONDS', 15, { allowZero: true });
    if (settleSeconds > 0) await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));

    const run = (scenario, duration) => {
      const options = { url: scenario.url, connections, duration, pipelining: 1 };
      if (scenario.token) options.headers = { authorization: `Bearer ${scenario.token()}` };
      if (scenario.spread) options.requests = [{ setupRequest: tokenPicker() }];
      return autocannon(options);
    };
    console.log(
      `node-verify: ${rounds} rounds × ${seconds} s (+${warmupSeconds} s warm-up each), ${connections} connections, ${users} users; node ${process.version}`,
    );
    // BENCH_SCENARIOS=<regular expression>: only the rows whose name matches it, and the bare rows
    // they are compared with (a short focused run, or a profile of one row's server).
    const only = process.env.BENCH_SCENARIOS ? new RegExp(process.env.BENCH_SCENARIOS, 'i') : undefined;
    const scenarios = allScenarios.filter((scenario) => !only || scenario.bare || only.test(scenario.name));
    const results = new Map(scenarios.map((scenario) => [scenario.name, []]));
    for (let round = 0; round < rounds; round += 1) {
      if (round > 0) tokens = await signTokens();
      const order = round % 2 ? [...scenarios].reverse() : scenarios;
      for (const scenario of order) {
        if (warmupSeconds > 0) await run(scenario, warmupSeconds);
        const foreignCores = startNoiseMeter();
        const serverTicks = cpuTicksOf(pids.get(scenario.url));
        const result = await run(scenario, seconds);
        const foreign = foreignCores();
        // The server's own CPU per request: far steadier on a busy machine than requests per second.
        const cpuMicros =
          ((cpuTicksOf(pids.get(scenario.url)) - serverTicks) * 10_000) / result.requests.total;
        const figures = {
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          foreign,
          cpuMicros,
        };
        results.get(scenario.name).push(figures);
        console.log(
          `  round ${round + 1} ${scenario.name}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, server CPU ${cpuMicros.toFixed(1)} µs/req, non-2xx ${figures.non2xx}, errors ${figures.errors}, foreign CPU ${foreign.toFixed(2)} cores`,
        );
      }
    }

    const rows = [];
    const cpuRatios = new Map();
    console.log(
      `\nvs bare / bare CPU: against "${bareName}"; the rows with ${users} users against "${bareSpreadName}" (same request stream)\n${'scenario'.padEnd(54)} | req/s median | p50 ms | p99 ms | vs bare | server CPU µs/req | bare CPU / this | non-2xx | foreign CPU (cores, per round)`,
    );
    for (const scenario of scenarios) {
      const runs = results.get(scenario.name);
      const referenceName = scenario.reference ?? bareName;
      const bare = results.get(referenceName);
      const bareRps = median(bare.map((figures) => figures.rps));
      const bareCpu = median(bare.map((figures) => figures.cpuMicros));
      const rps = median(runs.map((figures) => figures.rps));
      // Ratio per round (same moment's load on both), then the median of those.
      const ratio = median(runs.map((figures, index) => figures.rps / bare[index].rps));
      const non2xx = runs.reduce((sum, figures) => sum + figures.non2xx + figures.errors, 0);
      const cpu = median(runs.map((figures) => figures.cpuMicros));
      console.log(
        `${scenario.name.padEnd(54)} | ${rps.toFixed(0).padStart(12)} | ${String(median(runs.map((f) => f.p50))).padStart(6)} | ${String(median(runs.map((f) => f.p99))).padStart(6)} | ${ratio.toFixed(2).padStart(7)} | ${cpu.toFixed(1).padStart(17)} | ${(bareCpu / cpu).toFixed(2).padStart(15)} | ${String(non2xx).padStart(7)} | ${runs.map((f) => f.foreign.toFixed(2)).join(', ')}`,
      );
      cpuRatios.set(scenario.name, { cpu, ratio: bareCpu / cpu });
      if (scenario.bare || scenario.baseline || scenario.ceiling) continue;
      const withCache = !scenario.name.endsWith('cache off');
      rows.push({
        measure: `${scenario.name} (node:http handler, ${connections} connections)`,
        latchkey: Math.round(rps),
        unit: 'req/s',
        reference: `${referenceName}, same run`,
        referenceValue: Math.round(bareRps),
        ratio: Number(ratio.toFixed(3)),
        ...(withCache ? { goal: '≥ 0.8× bare', met: ratio >= 0.8 } : {}),
      });
      rows.push({
        measure: `${scenario.name}: server CPU per request`,
        latchkey: Number(cpuRatios.get(scenario.name).cpu.toFixed(1)),
        unit: 'µs',
        reference: `${referenceName}, same run`,
        referenceValue: Number(bareCpu.toFixed(1)),
        ratio: Number(cpuRatios.get(scenario.name).ratio.toFixed(3)),
      });
    }
    console.log(
      '\nIn this process, no HTTP: CPU per verifySessionJwt call (process.cpuUsage, after a warm-up)',
    );
    const builds = [['this build', fileURLToPath(new URL('../packages/node/dist', import.meta.url))]];
    if (baselineDist) builds.push(['baseline build', baselineDist]);
    for (const [label, dist] of builds) {
      const figures = await inProcessCosts(dist, jwksOrigin, tokens.spread);
      console.log(
        `  ${label.padEnd(14)}: one token ${figures.single.toFixed(1)} µs (${figures.singleSync.toFixed(2)} µs without a promise), ${users} users ${figures.spread.toFixed(1)} µs, cache off ${figures.uncached.toFixed(1)} µs`,
      );
      if (label !== 'this build') continue;
      rows.push(
        {
          measure: 'verifySessionJwt CPU per call, repeated token (cache hit), in-process',
          latchkey: Number(figures.spread.toFixed(2)),
          unit: 'µs',
        },
        {
          measure:
            'verifySessionJwtFromCache CPU per call, repeated token (cache hit, no promise), in-process',
          latchkey: Number(figures.singleSync.toFixed(2)),
          unit: 'µs',
        },
        {
          measure: 'verifySessionJwt CPU per call, full check (cache off), in-process',
          latchkey: Number(figures.uncached.toFixed(2)),
          unit: 'µs',
        },
      );
    }
    console.log(`JWKS fetched ${jwksFetches} time(s) in all (once per verifying client expected).`);
    if (baselineDist) console.log(`baseline build: ${baselineDist}`);
    console.log(`BENCH_ROWS ${JSON.stringify(rows)}`);
  } finally {
    await stopChildrenGracefully();
    jwksServer.close();
  }
}

// Last, so that every module-level constant above exists before either role runs.
if (process.argv[2] === '--serve') {
  await serve(process.argv[3]);
} else {
  await main();
}

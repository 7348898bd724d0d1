#!/usr/bin/env node
/**
 * Throughput and tail latency of `POST /sdk/v1/sessions/authenticate` — the call every signed-in
 * browser makes every few minutes, so the one that sets the provider's steady load — next to a
 * bare node:http server answering a JSON body of the same size, measured in the same run on the
 * same machine. The ratio is the figure to compare across changes; absolute numbers depend on
 * the machine. Everything runs on 127.0.0.1, for a bounded time, and every child is stopped at
 * the end. It prints figures and never fails on them (exit 1 only if it could not measure).
 *
 * Env: BENCH_SECONDS (default 10) per measured run, BENCH_WARMUP_SECONDS (default 2),
 * BENCH_CONNECTIONS (default 10), BENCH_SKIP_BUILD=1 to skip `tsc -b apps/provider`.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startNodeChild } from './lib/child-process.mjs';
import { runLoad } from './lib/load.mjs';
import { startProvider } from './lib/provider-process.mjs';
import { sdkHeaders, signInWithMagicLink } from './lib/sign-in.mjs';

const seconds = positiveNumber('BENCH_SECONDS', 10);
const warmupSeconds = positiveNumber('BENCH_WARMUP_SECONDS', 2, { allowZero: true });
const connections = positiveNumber('BENCH_CONNECTIONS', 10);

function positiveNumber(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
    throw new Error(`${name} must be a positive number`);
  return value;
}

async function startBareServer(bodyBytes) {
  const handle = startNodeChild([fileURLToPath(new URL('./lib/bare-server.mjs', import.meta.url))], {
    env: { ...process.env, BODY_BYTES: String(bodyBytes), PORT: '0' },
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bare server did not start:\n${handle.output()}`)),
      10_000,
    );
    handle.onLine((line) => {
      const match = line.match(/^listening (\d+)$/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: handle.stop };
}

async function measure(target) {
  if (warmupSeconds > 0) await runLoad({ ...target, seconds: warmupSeconds, connections });
  return runLoad({ ...target, seconds, connections });
}

/** Runs the bench and returns its figures; used by bench/run.mjs as well. */
export async function benchSessionAuthenticate({ log = console.log } = {}) {
  log(
    `session-authenticate: ${seconds} s per target (+${warmupSeconds} s warm-up), ${connections} connections`,
  );
  log('starting the provider (PGlite in a temp dir)…');
  const provider = await startProvider();
  let bare;
  try {
    const minutes = Math.max(60, Math.ceil((seconds + warmupSeconds) / 60) + 10);
    const { sessionToken } = await signInWithMagicLink(provider.url, provider.project, {
      sessionDurationMinutes: minutes,
    });
    const request = {
      url: `${provider.url}/sdk/v1/sessions/authenticate`,
      method: 'POST',
      headers: sdkHeaders(provider.project.public_token, sessionToken),
      body: '{}',
    };
    const probe = await fetch(request.url, { ...request, signal: AbortSignal.timeout(10_000) });
    const probeBody = await probe.text();
    if (probe.status !== 200) throw new Error(`sessions/authenticate answered ${probe.status}: ${probeBody}`);
    const bodyBytes = Buffer.byteLength(probeBody);
    log(`signed in; sessions/authenticate answers ${bodyBytes} bytes`);

    bare = await startBareServer(bodyBytes);
    log('measuring the provider…');
    const providerFigures = await measure(request);
    log('measuring the bare node:http server…');
    const bareFigures = await measure({ ...request, url: `${bare.url}/sdk/v1/sessions/authenticate` });
    return {
      seconds,
      connections,
      bodyBytes,
      provider: providerFigures,
      bare: bareFigures,
      throughputRatio: providerFigures.requestsPerSecond / bareFigures.requestsPerSecond,
      // autocannon records whole milliseconds; a bare p99 under 1 ms makes the ratio a lower bound.
      p99Ratio: providerFigures.p99Ms / Math.max(1, bareFigures.p99Ms),
      p99RatioIsLowerBound: bareFigures.p99Ms < 1,
    };
  } finally {
    await bare?.stop();
    await provider.stop();
  }
}

/** A ratio with three significant digits, e.g. `0.00512×` or `144×`. */
export function formatRatio(ratio) {
  return `${Number(ratio.toPrecision(3))}×`;
}

/** Prints the figures as a small table. */
export function printSessionFigures(figures, log = console.log) {
  const ms = (value) => (value < 1 ? '<1' : String(value)).padStart(6);
  const row = (name, f) =>
    `${name.padEnd(24)} ${f.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${ms(f.p50Ms)} ms   p99 ${ms(f.p99Ms)} ms   non-2xx ${f.non2xx}   errors ${f.errors + f.timeouts}`;
  log('');
  log(row('provider sessions/auth', figures.provider));
  log(row('bare node:http', figures.bare));
  log(
    `ratio provider/bare       throughput ${formatRatio(figures.throughputRatio)}   p99 ${figures.p99RatioIsLowerBound ? '≥' : ''}${formatRatio(figures.p99Ratio)}`,
  );
  if (figures.provider.non2xx > 0) {
    log(`note: the provider answered non-2xx statuses: ${JSON.stringify(figures.provider.statusCodes)}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    printSessionFigures(await benchSessionAuthenticate());
  } catch (error) {
    console.error(`session-authenticate could not run: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}

#!/usr/bin/env node
/**
 * Start-up of the built provider as `npm start` runs it (the one-file bundle
 * `apps/provider/dist/bundle/provider/main.js`, development mode, PGlite):
 * the time from spawning it to its first answered request (`GET /` → 200; the provider listens
 * only once its database is open, migrated and the development project is written), and its RSS
 * at that moment, with a fresh data directory (made from the build's migrated PGlite template,
 * apps/provider/scripts/pglite-template.mjs) and with the data the fresh start left behind.
 * Next to it, in the same run and alternating with it, the ceiling: a bare Node process that
 * imports PGlite, opens the same kind of data directory and answers one query (on a fresh one,
 * PGlite's own initdb). The ratio provider / ceiling is the figure to compare across changes; the
 * absolute times depend on the machine and its other load, which is printed. It prints figures
 * and never fails on them (exit 1 only if it could not measure).
 *
 * Env: BENCH_STARTUP_ROUNDS (default 3), BENCH_SKIP_BUILD=1 to skip `tsc -b apps/provider`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stopChildProcess } from './lib/child-process.mjs';
import { startForeignCpuMeter } from './lib/foreign-cpu.mjs';
import { findFreePort } from './lib/free-port.mjs';
import { buildProvider, repoRoot } from './lib/provider-process.mjs';

const rounds = positiveInteger('BENCH_STARTUP_ROUNDS', 3);
const EXISTING_GOAL_MS = 1500;
const TIMEOUT_MS = 120_000;

function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

// What `npm start` runs: the one-file bundle of dist/ (apps/provider/scripts/bundle.mjs).
const { BUNDLE_ENTRY: mainJs, bundleProvider } = await import(
  pathToFileURL(join(repoRoot, 'apps/provider/scripts/bundle.mjs')).href
);
const { writeTemplate: writePgliteTemplate } = await import(
  pathToFileURL(join(repoRoot, 'apps/provider/scripts/pglite-template.mjs')).href
);
// PGlite as the provider resolves it, so the ceiling runs the very same engine build.
const pgliteUrl = pathToFileURL(
  createRequire(join(repoRoot, 'apps/provider/package.json'))
    .resolve('@electric-sql/pglite')
    .replace(/index\.cjs$/, 'index.js'),
).href;

const rssMiB = (pid) => {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

const live = new Set();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
process.once('SIGINT', () => process.exit(130));

function spawnNode(args, env) {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let output = '';
  // Always drained: a full pipe would stall the child.
  child.stdout.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  return { child, output: () => output };
}

/** Spawns the provider on `dataDir`; resolves at its first answered request. */
async function startProviderOnce(dataDir) {
  const port = await findFreePort();
  const env = { ...process.env, PORT: String(port), LATCHKEY_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'HOST', 'LATCHKEY_PUBLIC_URL'])
    delete env[name];
  const started = performance.now();
  const { child, output } = spawnNode([mainJs], env);
  try {
    const deadline = started + TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the provider exited (${child.exitCode}):\n${output()}`);
      if (performance.now() > deadline) throw new Error(`the provider did not answer in time:\n${output()}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ms: performance.now() - started, rssMiB: rssMiB(child.pid) };
  } finally {
    await stopChildProcess(child);
  }
}

const CEILING = `
const { PGlite } = await import(process.env.PGLITE_URL);
const db = await PGlite.create(process.env.PGLITE_DIR);
await db.query('select 1 as one');
process.stdout.write('ready ' + process.memoryUsage().rss + '\\n');
await new Promise(() => {});
`;

/** Spawns a bare PGlite open + first query on `pgliteDir`; resolves when it has answered. */
async function ceilingOnce(pgliteDir) {
  const started = performance.now();
  const { child, output } = spawnNode(['--input-type=module', '-e', CEILING], {
    ...process.env,
    PGLITE_URL: pgliteUrl,
    PGLITE_DIR: pgliteDir,
  });
  try {
    const rss = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`PGlite did not open in time:\n${output()}`)),
        TIMEOUT_MS,
      );
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the PGlite ceiling exited (${code}):\n${output()}`));
      });
      child.stdout.on('data', () => {
        const match = output().match(/ready (\d+)/);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]) / 2 ** 20);
        }
      });
    });
    return { ms: performance.now() - started, rssMiB: rss };
  } finally {
    await stopChildProcess(child);
  }
}

// Foreign load: CPU the rest of the machine used while this bench ran (this process tree excluded).
function startLoadMeter() {
  const stop = startForeignCpuMeter();
  return () => stop()?.foreignCores ?? Number.NaN;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Runs the bench and returns its figures; used by bench/run.mjs as well. */
export async function benchStartup({ log = console.log } = {}) {
  log(`startup: ${rounds} rounds, provider and bare PGlite alternating, fresh then existing data`);
  buildProvider();
  await bundleProvider();
  // A fresh directory starts from the build's migrated template, as it does for `npm start`.
  await writePgliteTemplate();
  const runs = { providerFresh: [], providerExisting: [], ceilingFresh: [], ceilingExisting: [] };
  const foreignLoad = startLoadMeter();
  for (let round = 0; round < rounds; round++) {
    const providerDir = mkdtempSync(join(tmpdir(), 'latchkey-startup-'));
    const ceilingDir = mkdtempSync(join(tmpdir(), 'latchkey-startup-pglite-'));
    try {
      const provider = async () => {
        runs.providerFresh.push(await startProviderOnce(providerDir));
        runs.providerExisting.push(await startProviderOnce(providerDir));
      };
      const ceiling = async () => {
        runs.ceilingFresh.push(await ceilingOnce(join(ceilingDir, 'pglite')));
        runs.ceilingExisting.push(await ceilingOnce(join(ceilingDir, 'pglite')));
      };
      // Alternate which goes first, so neither always meets a warmer page cache.
      if (round % 2 === 0) {
        await provider();
        await ceiling();
      } else {
        await ceiling();
        await provider();
      }
      log(
        `round ${round + 1}: provider fresh ${runs.providerFresh.at(-1).ms.toFixed(0)} ms, existing ${runs.providerExisting.at(-1).ms.toFixed(0)} ms; PGlite fresh ${runs.ceilingFresh.at(-1).ms.toFixed(0)} ms, existing ${runs.ceilingExisting.at(-1).ms.toFixed(0)} ms`,
      );
    } finally {
      rmSync(providerDir, { recursive: true, force: true });
      rmSync(ceilingDir, { recursive: true, force: true });
    }
  }
  const summary = Object.fromEntries(
    Object.entries(runs).map(([name, list]) => [
      name,
      { ms: median(list.map((r) => r.ms)), rssMiB: median(list.map((r) => r.rssMiB)) },
    ]),
  );
  return { rounds, foreignCores: foreignLoad(), ...summary };
}

/** Prints the figures, then the BENCH_ROWS line. */
export function printStartupFigures(figures, log = console.log) {
  const line = (label, provider, ceiling) =>
    log(
      `${label.padEnd(9)} provider ${provider.ms.toFixed(0).padStart(6)} ms, ${provider.rssMiB.toFixed(0)} MiB | PGlite open + first query ${ceiling.ms.toFixed(0).padStart(6)} ms, ${ceiling.rssMiB.toFixed(0)} MiB | ratio ${(provider.ms / ceiling.ms).toFixed(2)}×`,
    );
  log(`medians of ${figures.rounds} (spawn → first answered request; RSS at that moment)`);
  line('existing', figures.providerExisting, figures.ceilingExisting);
  line('fresh', figures.providerFresh, figures.ceilingFresh);
  log(`foreign CPU load during the run: ${figures.foreignCores.toFixed(2)} cores`);
  const reference = 'PGlite open + first query, same run';
  const row = (measure, provider, ceiling, unit, key, goal) => ({
    measure,
    latchkey: Math.round(provider[key]),
    unit,
    reference,
    referenceValue: Math.round(ceiling[key]),
    ratio: Number((provider[key] / ceiling[key]).toFixed(2)),
    ...goal,
  });
  const rows = [
    row(
      'start → first answered request, existing PGlite data',
      figures.providerExisting,
      figures.ceilingExisting,
      'ms',
      'ms',
      { goal: `≤ ${EXISTING_GOAL_MS} ms`, met: figures.providerExisting.ms <= EXISTING_GOAL_MS },
    ),
    row(
      'RSS after start, existing PGlite data',
      figures.providerExisting,
      figures.ceilingExisting,
      'MiB',
      'rssMiB',
    ),
    row(
      'start → first answered request, fresh PGlite data',
      figures.providerFresh,
      figures.ceilingFresh,
      'ms',
      'ms',
    ),
    row('RSS after start, fresh PGlite data', figures.providerFresh, figures.ceilingFresh, 'MiB', 'rssMiB'),
  ];
  log(`BENCH_ROWS ${JSON.stringify(rows)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    printStartupFigures(await benchStartup());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

#!/usr/bin/env node
/**
 * Whether the provider's memory grows with the session checks it answers: the provider on PGlite
 * and on PostgreSQL (one after the other, each in its own process) under a steady load of
 * `POST /sdk/v1/sessions/authenticate` for BENCH_MEMORY_SECONDS (default 180), its resident set
 * sampled every BENCH_MEMORY_SAMPLE_SECONDS (default 10). It prints the curve and the growth per
 * 1 000 checks: the least-squares slope of RSS over the number of checks answered, from the end
 * of the first interval on (the first interval holds the JIT's and the caches' one-off growth).
 * Memory that is not given back shows as a slope that does not flatten; it never fails on it.
 *
 * Env: BENCH_MEMORY_SECONDS (180), BENCH_MEMORY_SAMPLE_SECONDS (10), BENCH_CONNECTIONS (50),
 * BENCH_DATABASES (pglite,postgres), BENCH_DATABASE_URL, BENCH_SKIP_BUILD=1.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { formatNumber, numberFromEnv, printBenchRows } from './lib/bench-rows.mjs';
import { formatCpu, startForeignCpuMeter } from './lib/foreign-cpu.mjs';
import { runLoad } from './lib/load.mjs';
import { databaseLabels, databasesFromEnv, startSessionTarget } from './lib/session-target.mjs';

const mib = 1024 * 1024;
/** Growth below this many KiB per 1 000 checks (0.1 KiB a check) counts as flat. */
const flatKibPer1000 = 100;

/** The resident set of a process in bytes, from /proc (Linux). */
function residentBytes(pid) {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const { x, y } of points) {
    numerator += (x - meanX) * (y - meanY);
    denominator += (x - meanX) ** 2;
  }
  return denominator === 0 ? Number.NaN : numerator / denominator;
}

/** One database: start, sign in, load in intervals, sample RSS after each, stop. */
async function measureDatabase(database, { seconds, sampleSeconds, connections, log }) {
  const label = databaseLabels[database];
  log(`\n${label}: starting the provider…`);
  const target = await startSessionTarget(database, { sessionMinutes: Math.ceil(seconds / 60) + 30, log });
  try {
    const samples = [
      { atSeconds: 0, checks: 0, rssBytes: residentBytes(target.pid), non2xx: 0, noise: null },
    ];
    log(
      `${label}: RSS ${(samples[0].rssBytes / mib).toFixed(1)} MiB before load (after start and one sign-in)`,
    );
    log('   time    checks    RSS MiB   Δ MiB   non-2xx   foreign CPU');
    const started = performance.now();
    let checks = 0;
    let non2xx = 0;
    while ((performance.now() - started) / 1000 < seconds - 0.5) {
      const remaining = seconds - (performance.now() - started) / 1000;
      const stopMeter = startForeignCpuMeter(target.ownPids);
      const figures = await runLoad({
        ...target.request,
        seconds: Math.max(1, Math.round(Math.min(sampleSeconds, remaining))),
        connections,
      });
      const noise = stopMeter();
      checks += figures.totalRequests - figures.non2xx;
      non2xx += figures.non2xx;
      const sample = {
        atSeconds: (performance.now() - started) / 1000,
        checks,
        rssBytes: residentBytes(target.pid),
        non2xx,
        noise,
      };
      samples.push(sample);
      log(
        `${sample.atSeconds.toFixed(0).padStart(5)} s ${String(checks).padStart(9)} ${(sample.rssBytes / mib).toFixed(1).padStart(10)} ${((sample.rssBytes - samples[0].rssBytes) / mib).toFixed(1).padStart(7)} ${String(non2xx).padStart(9)}   ${formatCpu(noise)}`,
      );
    }
    const steady = samples.slice(1).map((s) => ({ x: s.checks, y: s.rssBytes }));
    const bytesPerCheck = slope(steady);
    const first = samples[1] ?? samples[0];
    const last = samples.at(-1);
    return { database, label, samples, bytesPerCheck, first, last, checks, non2xx };
  } finally {
    await target.stop();
  }
}

export async function benchMemory({ log = console.log } = {}) {
  const seconds = numberFromEnv('BENCH_MEMORY_SECONDS', 180);
  const sampleSeconds = numberFromEnv('BENCH_MEMORY_SAMPLE_SECONDS', 10);
  const connections = numberFromEnv('BENCH_CONNECTIONS', 50);
  const databases = databasesFromEnv();
  log(
    `memory: ${seconds} s of session checks per database, RSS every ${sampleSeconds} s, ${connections} connections, databases ${databases.join(', ')}`,
  );
  const results = new Map();
  const notMeasured = new Map();
  for (const database of databases) {
    try {
      results.set(database, await measureDatabase(database, { seconds, sampleSeconds, connections, log }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      notMeasured.set(database, reason);
      log(`${databaseLabels[database]}: not measured — ${reason}`);
    }
  }
  if (results.size === 0) throw new Error('the provider could not be measured on any database');
  return { seconds, results, notMeasured, rows: rowsFrom(results) };
}

const kibPer1000 = (bytesPerCheck) => (bytesPerCheck * 1000) / 1024;

function rowsFrom(results) {
  const postgres = results.get('postgres');
  const rows = [];
  for (const result of results.values()) {
    const value = kibPer1000(result.bytesPerCheck);
    const compareWithPostgres = result.database === 'pglite' && postgres;
    rows.push({
      measure: `RSS growth per 1 000 session checks, ${result.label}`,
      latchkey: value,
      unit: 'KiB',
      ...(compareWithPostgres && {
        reference: 'Latchkey on PostgreSQL, same run',
        referenceValue: kibPer1000(postgres.bytesPerCheck),
      }),
      goal: `< ${flatKibPer1000} KiB (flat)`,
      ...(Number.isFinite(value) && { met: value < flatKibPer1000 }),
    });
  }
  return rows;
}

export function printMemoryFigures({ results, notMeasured }, log = console.log) {
  log('');
  for (const r of results.values()) {
    log(
      `${r.label}: ${r.checks} checks, RSS ${(r.samples[0].rssBytes / mib).toFixed(1)} MiB before load, ${(r.first.rssBytes / mib).toFixed(1)} after the first interval, ${(r.last.rssBytes / mib).toFixed(1)} at the end; growth ${formatNumber(kibPer1000(r.bytesPerCheck))} KiB per 1 000 checks (${formatNumber(r.bytesPerCheck)} B a check)${r.non2xx ? `; non-2xx ${r.non2xx}` : ''}`,
    );
  }
  for (const [database, reason] of notMeasured) log(`not measured: ${databaseLabels[database]} — ${reason}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const figures = await benchMemory();
    printMemoryFigures(figures);
    printBenchRows(figures.rows);
  } catch (error) {
    console.error(`memory could not run: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}

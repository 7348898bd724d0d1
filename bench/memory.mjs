#!/usr/bin/env node
/**
 * Whether the provider's memory grows with the session checks it answers: the provider on PGlite
 * and on PostgreSQL (one after the other, each in its own process) under a steady load of
 * `POST /sdk/v1/sessions/authenticate` for BENCH_MEMORY_SECONDS (default 180), its resident set
 * sampled every BENCH_MEMORY_SAMPLE_SECONDS (default 10) after a warm-up (the JIT's, the caches' and
 * a fresh PGlite's one-off growth). It prints the curve, the RSS after a rest without load, and the
 * growth per 1 000 checks between the RSS floors of the first and the last third of the run (see
 * growthPerCheck). Memory that is never given back raises the floor; it never fails on it.
 *
 * RSS alone cannot tell a leak from garbage the collector has not yet returned, so the provider
 * is started with a bench-only probe (`--expose-gc` and a module given to `--import`, answering
 * SIGUSR2): every sample also prints its V8 heap (used / total) and external memory (PGlite's
 * WebAssembly memory is most of it), read without a collection. Before the curve and after it
 * the provider rests BENCH_MEMORY_IDLE_SECONDS without load; after each rest the bench forces a
 * full collection and reads the heap that survives it and the RSS. Those two pairs give
 * what the process keeps per check (heap and RSS), as opposed to garbage not yet collected or
 * memory not yet given back. The per-sample reads never collect, so the RSS curve is the
 * undisturbed one; the two forced collections are the only change to the process.
 *
 * Env: BENCH_MEMORY_SECONDS (180), BENCH_MEMORY_SAMPLE_SECONDS (10), BENCH_MEMORY_WARMUP_SECONDS
 * (20), BENCH_MEMORY_IDLE_SECONDS (10), BENCH_CONNECTIONS (50),
 * BENCH_DATABASES (pglite,postgres), BENCH_DATABASE_URL, BENCH_SKIP_BUILD=1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNumber, numberFromEnv, printBenchRows, runWhenMain } from './lib/bench-rows.mjs';
import { formatCpu, startForeignCpuMeter } from './lib/foreign-cpu.mjs';
import { runLoad } from './lib/load.mjs';
import { formatLoadAverage } from './lib/machine-load.mjs';
import { growthPerCheck, keptPerCheck } from './lib/rss-growth.mjs';
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

const inMiB = (bytes) => (bytes / mib).toFixed(1);

/**
 * The probe, run inside the provider (bench only): on SIGUSR2 it reads the request file (`gc` or
 * `read`), takes `process.memoryUsage()`, for `gc` collects fully and takes it again, and writes
 * both with its pid and a sequence number to the answer file. The pid matters: each provider
 * counts from 1, and the second database's provider must not be read against the first one's count.
 */
const PROBE_SOURCE = `
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.env.LATCHKEY_BENCH_MEMORY_PROBE;
let sequence = 0;
if (file) process.on('SIGUSR2', () => {
  sequence += 1;
  const collect = readFileSync(file + '.request', 'utf8') === 'gc';
  const before = process.memoryUsage();
  if (collect) globalThis.gc();
  const afterGc = collect ? process.memoryUsage() : undefined;
  writeFileSync(file, JSON.stringify({ pid: process.pid, sequence, before, afterGc }));
});
`;

/** Starts the probe in the providers this process starts; returns the function that asks it. */
function installMemoryProbe() {
  const directory = mkdtempSync(join(tmpdir(), 'latchkey-bench-memory-'));
  const file = join(directory, 'probe.json');
  process.env.LATCHKEY_BENCH_MEMORY_PROBE = file;
  const probeArgs = `--expose-gc --import=data:text/javascript,${encodeURIComponent(PROBE_SOURCE)}`;
  process.env.BENCH_PROVIDER_NODE_ARGS = `${process.env.BENCH_PROVIDER_NODE_ARGS ?? ''} ${probeArgs}`.trim();
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  /** The last answer read from each provider, by pid. */
  const lastSequences = new Map();
  /** @returns {Promise<{ before: NodeJS.MemoryUsage, afterGc?: NodeJS.MemoryUsage } | undefined>} */
  return async function readMemory(pid, { collect = false } = {}) {
    writeFileSync(`${file}.request`, collect ? 'gc' : 'read');
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        const answer = JSON.parse(readFileSync(file, 'utf8'));
        if (answer.pid === pid && answer.sequence > (lastSequences.get(pid) ?? 0)) {
          lastSequences.set(pid, answer.sequence);
          return answer;
        }
      } catch {
        // Not written yet, or being written.
      }
    }
    return undefined; // the figures that need it say "not measured"
  };
}

/** One database: start, sign in, warm up, load in intervals sampling RSS after each, rest, stop. */
async function measureDatabase(
  database,
  { seconds, sampleSeconds, warmupSeconds, idleSeconds, connections, log, readMemory },
) {
  const label = databaseLabels[database];
  log(`\n${label}: starting the provider…`);
  const sessionMinutes = Math.ceil((seconds + warmupSeconds) / 60) + 30;
  const target = await startSessionTarget(database, { sessionMinutes, log });
  try {
    const beforeLoad = residentBytes(target.pid);
    log(`${label}: RSS ${inMiB(beforeLoad)} MiB before load (after start and one sign-in)`);
    if (warmupSeconds > 0) await runLoad({ ...target.request, seconds: warmupSeconds, connections });
    // A rest before the curve as after it, so the two idle readings compare like with like.
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const heapBefore = await readMemory(target.pid, { collect: true });
    const idleBefore = residentBytes(target.pid);
    const samples = [{ atSeconds: 0, checks: 0, rssBytes: residentBytes(target.pid), noise: null }];
    samples[0].memory = heapBefore?.afterGc;
    log(
      `${label}: RSS ${inMiB(idleBefore)} MiB after ${warmupSeconds} s of warm-up load, ${idleSeconds} s without load and a full collection; heap kept ${heapKept(heapBefore)} MiB; the curve starts here`,
    );
    log('   time    checks    RSS MiB   Δ MiB  heap used/total MiB  external MiB  foreign CPU');
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    let checks = 0;
    let non2xx = 0;
    while (elapsed() < seconds - 0.5) {
      const stopMeter = startForeignCpuMeter(target.ownPids);
      const figures = await runLoad({
        ...target.request,
        seconds: Math.max(1, Math.round(Math.min(sampleSeconds, seconds - elapsed()))),
        connections,
      });
      const noise = stopMeter();
      checks += figures.totalRequests - figures.non2xx;
      non2xx += figures.non2xx;
      const sample = { atSeconds: elapsed(), checks, rssBytes: residentBytes(target.pid), noise };
      sample.memory = (await readMemory(target.pid))?.before;
      samples.push(sample);
      log(
        `${sample.atSeconds.toFixed(0).padStart(5)} s ${String(checks).padStart(9)} ${inMiB(sample.rssBytes).padStart(10)} ${inMiB(sample.rssBytes - samples[0].rssBytes).padStart(7)}  ${heapColumns(sample.memory)}  ${formatCpu(noise)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const afterIdle = residentBytes(target.pid);
    const heapAfter = await readMemory(target.pid, { collect: true });
    const afterCollection = residentBytes(target.pid);
    log(
      `${label}: RSS ${inMiB(afterIdle)} MiB after ${idleSeconds} s without load, ${inMiB(afterCollection)} MiB after a full collection; heap kept ${heapKept(heapAfter)} MiB`,
    );
    return {
      database,
      label,
      beforeLoad,
      samples,
      afterIdle,
      idleSeconds,
      checks,
      non2xx,
      idleBefore,
      heapKeptPerCheck: keptPerCheck(heapBefore?.afterGc?.heapUsed, heapAfter?.afterGc?.heapUsed, checks),
      afterCollection,
      rssKeptPerCheck: keptPerCheck(idleBefore, afterCollection, checks),
      // The sample right after warm-up is left out: the heap is still growing to its working size.
      ...growthPerCheck(samples.length > 2 ? samples.slice(1) : samples),
    };
  } finally {
    await target.stop();
  }
}

/** MiB of heap that survived the forced collection, or "not measured". */
function heapKept(answer) {
  return answer?.afterGc ? inMiB(answer.afterGc.heapUsed) : 'not measured';
}

/** The heap used / total and external memory columns of a sample (no collection forced). */
function heapColumns(memory) {
  if (!memory) return `${'not measured'.padStart(19)}  ${''.padStart(12)}`;
  return `${`${inMiB(memory.heapUsed)} / ${inMiB(memory.heapTotal)}`.padStart(19)}  ${inMiB(memory.external).padStart(12)}`;
}

export async function benchMemory({ log = console.log } = {}) {
  const seconds = numberFromEnv('BENCH_MEMORY_SECONDS', 180);
  const sampleSeconds = numberFromEnv('BENCH_MEMORY_SAMPLE_SECONDS', 10);
  const warmupSeconds = numberFromEnv('BENCH_MEMORY_WARMUP_SECONDS', 20, { allowZero: true });
  const idleSeconds = numberFromEnv('BENCH_MEMORY_IDLE_SECONDS', 10, { allowZero: true });
  const connections = numberFromEnv('BENCH_CONNECTIONS', 50);
  const databases = databasesFromEnv();
  const readMemory = installMemoryProbe();
  log(
    `memory: ${seconds} s of session checks per database, RSS every ${sampleSeconds} s, ${connections} connections, databases ${databases.join(', ')}`,
  );
  log(`at the start: ${formatLoadAverage()}`);
  const results = new Map();
  const notMeasured = new Map();
  for (const database of databases) {
    try {
      results.set(
        database,
        await measureDatabase(database, {
          seconds,
          sampleSeconds,
          warmupSeconds,
          idleSeconds,
          connections,
          log,
          readMemory,
        }),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      notMeasured.set(database, reason);
      log(`${databaseLabels[database]}: not measured — ${reason}`);
    }
  }
  log(`at the end: ${formatLoadAverage()}`);
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
    // What the process keeps, as opposed to garbage it has not yet collected or given back.
    for (const [what, bytesPerCheck] of [
      ['JS heap kept (after a full collection)', result.heapKeptPerCheck],
      ['RSS kept (after a rest and a full collection)', result.rssKeptPerCheck],
    ]) {
      const kept = kibPer1000(bytesPerCheck);
      rows.push({
        measure: `${what} per 1 000 session checks, ${result.label}`,
        latchkey: Number.isFinite(kept) ? Number(kept.toFixed(1)) : kept,
        unit: 'KiB',
        goal: `< ${flatKibPer1000} KiB (flat)`,
        ...(Number.isFinite(kept) && { met: kept < flatKibPer1000 }),
      });
    }
  }
  return rows;
}

export function printMemoryFigures({ results, notMeasured }, log = console.log) {
  log('');
  for (const r of results.values()) {
    log(
      `${r.label}: ${r.checks} checks in ${r.samples.at(-1).atSeconds.toFixed(0)} s; RSS ${inMiB(r.beforeLoad)} MiB before load, ${inMiB(r.idleBefore)} after warm-up and a rest, ${inMiB(r.samples.at(-1).rssBytes)} at the end, ${inMiB(r.afterIdle)} after ${r.idleSeconds} s idle; floor ${inMiB(r.from.rssBytes)} → ${inMiB(r.to.rssBytes)} MiB over ${r.to.checks - r.from.checks} checks = ${formatNumber(kibPer1000(r.bytesPerCheck))} KiB per 1 000 checks; kept per 1 000 checks: JS heap after a full collection ${formatNumber(kibPer1000(r.heapKeptPerCheck))} KiB, RSS after a rest and a full collection (${inMiB(r.idleBefore)} → ${inMiB(r.afterCollection)} MiB) ${formatNumber(kibPer1000(r.rssKeptPerCheck))} KiB${r.non2xx ? `; non-2xx ${r.non2xx}` : ''}`,
    );
  }
  for (const [database, reason] of notMeasured) log(`not measured: ${databaseLabels[database]} — ${reason}`);
}

await runWhenMain(import.meta.url, 'memory', async () => {
  const figures = await benchMemory();
  printMemoryFigures(figures);
  printBenchRows(figures.rows);
});

#!/usr/bin/env node
/**
 * Runs every bench script, one after the other (never two at once: they would measure each
 * other), and prints one table with the rows of issue 18's table — measure | Latchkey | reference
 * measured in the same run | ratio | goal | met — from the `BENCH_ROWS` line each script ends with
 * (bench/lib/bench-rows.mjs). A script that is missing, could not measure or printed no rows is
 * listed as "not measured"; figures never fail the run. Only the client bleed check does: when
 * bundle-size.mjs exits non-zero, so does this. The machine's other load is recorded at the start
 * and at the end, since on a shared machine it decides how far the absolute figures can be trusted.
 *
 * `node bench/run.mjs` runs them all; `node bench/run.mjs session-authenticate memory` runs some.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatNumber, formatRatio, parseBenchRows } from './lib/bench-rows.mjs';
import { formatMachineLoad, sampleMachineLoad } from './lib/machine-load.mjs';

const benchDir = fileURLToPath(new URL('./', import.meta.url));

/**
 * Every script in the order it runs (cheap and deterministic first), with the issue rows it
 * answers; `measures` lists the rows a script of this suite is known to print, so a row it
 * could not measure (e.g. no PostgreSQL) still shows as not measured.
 */
const plan = [
  { script: 'bundle-size.mjs', issueRows: ['widget, eager JS+CSS gzip'], bleedCheck: true },
  { script: 'first-paint.mjs', issueRows: ['first widget paint (median, headless Chromium)'] },
  { script: 'startup.mjs', issueRows: ['start → first answered request, existing PGlite data'] },
  {
    script: 'session-authenticate.mjs',
    issueRows: ['sessions/authenticate on PostgreSQL and on PGlite'],
    measures: [
      'sessions/authenticate, PostgreSQL: req/s vs bare',
      'sessions/authenticate, PostgreSQL: req/s vs better-auth',
      'sessions/authenticate, PostgreSQL: p99',
      'sessions/authenticate, PGlite: req/s vs better-auth',
      'sessions/authenticate, PGlite: p99',
    ],
  },
  { script: 'node-verify.mjs', issueRows: ['verifySessionJwt in @latchkey/node inside a node:http handler'] },
  { script: 'password-login.mjs', issueRows: ['password logins, 4 in flight'] },
  {
    script: 'memory.mjs',
    issueRows: ['memory under session checks'],
    measures: [
      'RSS growth per 1 000 session checks, PGlite',
      'RSS growth per 1 000 session checks, PostgreSQL',
    ],
  },
  {
    script: 'recovery-code-hash.mjs',
    issueRows: ['recovery-code hash vs one login hash (not an issue row)'],
  },
  { script: 'user-search.mjs', issueRows: ['user search among 100 000 users (issue 21 console)'] },
  {
    script: 'scale-out.mjs',
    issueRows: ['session checks, 3 instances behind a proxy vs 1 (issue 23 scale-out)'],
    measures: [
      'sessions/authenticate, 3 instances behind a proxy: req/s vs 1 instance direct',
      'sessions/authenticate, 3 instances behind a proxy: req/s vs 1 instance behind the proxy',
      'sessions/authenticate, 3 instances behind a proxy: p99',
    ],
  },
];

let running;

/** Runs one script as a child, its output streamed through except the BENCH_ROWS line. */
function runScript(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [`${benchDir}${script}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    running = child;
    let output = '';
    let pending = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (!line.startsWith('BENCH_ROWS ')) console.log(line);
    });
    child.once('close', (code, signal) => {
      running = undefined;
      if (pending && !pending.startsWith('BENCH_ROWS ')) console.log(pending);
      resolve({ code, signal, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

// Stopped: stop the running script too (by its pid; its own exit hooks stop its servers).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    running?.kill('SIGTERM');
    process.exit(130);
  });
}

const wanted = process.argv.slice(2).map((name) => (name.endsWith('.mjs') ? name : `${name}.mjs`));
const unknown = wanted.filter((name) => !plan.some((entry) => entry.script === name));
if (unknown.length > 0) {
  console.error(`unknown bench(es): ${unknown.join(', ')}; known: ${plan.map((e) => e.script).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? plan.filter((entry) => wanted.includes(entry.script)) : plan;

console.log('== machine load at the start ==');
const loadAtStart = await sampleMachineLoad();
console.log(formatMachineLoad(loadAtStart));

const table = [];
const scriptNotes = [];
/** Why the bleed check failed the run, or false. */
let bleedFailed = false;
for (const entry of selected) {
  const path = `${benchDir}${entry.script}`;
  if (!existsSync(path)) {
    console.log(`\n== ${entry.script}: not present ==`);
    for (const issueRow of entry.issueRows)
      table.push({ measure: issueRow, notMeasured: `bench/${entry.script} is not present` });
    continue;
  }
  console.log(`\n== ${entry.script} ==`);
  const result = await runScript(entry.script);
  const status = result.signal ? `killed by ${result.signal}` : `exit ${result.code}`;
  scriptNotes.push(`${entry.script}: ${status}, ${result.seconds.toFixed(0)} s`);
  if (entry.bleedCheck && result.code !== 0)
    bleedFailed = /bleed check: FAILED/.test(result.output)
      ? 'FAILED (see bundle-size.mjs above)'
      : `could not run (${status})`;
  const rows = parseBenchRows(result.output) ?? [];
  if (rows.length === 0) {
    const why =
      result.code === 0
        ? 'it printed no BENCH_ROWS line'
        : entry.bleedCheck && /bleed check: FAILED/.test(result.output)
          ? `the bleed check failed (${status})`
          : `it could not measure (${status})`;
    for (const issueRow of entry.issueRows) table.push({ measure: issueRow, notMeasured: why });
    continue;
  }
  // Known rows in their order, each either measured or not; then anything else the script printed.
  for (const measure of entry.measures ?? []) {
    const row = rows.find((r) => r.measure === measure);
    table.push(row ?? { measure, notMeasured: `bench/${entry.script} did not measure it (see its output)` });
  }
  table.push(...rows.filter((row) => !entry.measures?.includes(row.measure)));
}

console.log('\n== machine load at the end ==');
const loadAtEnd = await sampleMachineLoad();
console.log(formatMachineLoad(loadAtEnd));

const withUnit = (value, unit) =>
  typeof value === 'number' ? `${formatNumber(value)} ${unit ?? ''}`.trim() : '—';
const cells = table.map((row) =>
  row.notMeasured !== undefined
    ? [row.measure, 'not measured', row.notMeasured, '', '', '']
    : [
        row.measure,
        withUnit(row.latchkey, row.unit),
        row.reference === undefined
          ? '—'
          : typeof row.referenceValue === 'number'
            ? `${row.reference}: ${withUnit(row.referenceValue, row.unit)}`
            : row.reference,
        typeof row.ratio === 'number' ? formatRatio(row.ratio) : '—',
        row.goal ?? '—',
        row.met === true ? 'yes' : row.met === false ? 'no' : '—',
      ],
);
const header = ['measure', 'Latchkey', 'reference (same run)', 'ratio', 'goal', 'met'];
const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log('\n== summary ==');
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of cells) console.log(line(row));
console.log('');
console.log(`load at the start: ${formatMachineLoad(loadAtStart)}`);
console.log(`load at the end:   ${formatMachineLoad(loadAtEnd)}`);
for (const note of scriptNotes) console.log(note);
if (selected.some((entry) => entry.bleedCheck)) {
  console.log(`client bleed check: ${bleedFailed || 'ok'}`);
}
if (bleedFailed) process.exitCode = 1;

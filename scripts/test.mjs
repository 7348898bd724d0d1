// `npm test`: every test, from a fresh clone. Installs what is missing (npm packages, Debian's
// chromium and postgresql), builds while it type-checks and lints, then runs the end-to-end tests in
// Chromium and, beside them, the unit and provider integration tests (PGlite) followed by the
// provider suite again on a real PostgreSQL server. Prints one closing line: "tests: N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { attempt, ensureBuilt, ensureInstalled, ensureNextjsExampleBuilt, repoRoot, run } from './lib.mjs';
import { startTestPostgres } from './postgres.mjs';

const reports = join(repoRoot, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// How long each phase took, printed with the summary (the suite's speed is watched: issue 18):
// its wall time, the CPU time its processes used (which other load on the machine barely
// changes: wall time far above CPU time / cores says the phase waits and could run beside
// another), how busy the whole machine's cores were (this counts what the children's CPU time
// cannot: Chromium's renderers and PostgreSQL's servers, which leave the process tree), and the
// machine's 1-minute load average at its end.
const phases = [];
let phaseStart = performance.now();
let cpuAtStart = childCpuSeconds();
let machineAtStart = machineTicks();
// Linux: user + system time of every finished child and their waited-for descendants
// (/proc/self/stat fields 16 and 17, in clock ticks of 1/100 s).
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}
// Linux: the machine's busy and total clock ticks over all cores since boot (/proc/stat's cpu
// line; idle and iowait are not busy).
function machineTicks() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    return { busy: total - ticks[3] - ticks[4], total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}
function endPhase(label) {
  const now = performance.now();
  const cpu = childCpuSeconds();
  const machine = machineTicks();
  const busy = (100 * (machine.busy - machineAtStart.busy)) / (machine.total - machineAtStart.total);
  phases.push(
    `${label} ${((now - phaseStart) / 1000).toFixed(0)} s (CPU ${(cpu - cpuAtStart).toFixed(0)} s, ${availableParallelism()} cores ${busy.toFixed(0)} % busy, load ${loadavg()[0].toFixed(1)})`,
  );
  phaseStart = now;
  cpuAtStart = cpu;
  machineAtStart = machine;
}

ensureInstalled();
run('bash', ['scripts/system-deps.sh']);
endPhase('install');
// The type-check and the lint read only sources (the tests' tsconfig resolves the workspace
// packages through their `source` condition; biome skips dist/), so they run beside the builds,
// whose bundlers (and TypeScript 6's tsc, before 7's native one) left the two cores partly idle
// (issue 18). Their output is kept in files and printed once the builds are done.
console.log('• type-checking tests and linting (biome), beside the builds…');
const typeCheckLog = join(reports, 'type-check.log');
const lintLog = join(reports, 'lint.log');
// Both start now: the builds below block this process's event loop until they are done.
const checks = Promise.all([
  attempt('npx', ['tsc', '-p', 'tsconfig.tests.json'], { logFile: typeCheckLog }),
  attempt('npx', ['biome', 'ci', '.'], { logFile: lintLog }),
]);
ensureBuilt();
endPhase('build');
ensureNextjsExampleBuilt();
endPhase('Next.js example build');
const [typesOk, lintOk] = await checks;
const checkOutcomes = [
  ['tsc -p tsconfig.tests.json', typeCheckLog, typesOk],
  ['biome ci .', lintLog, lintOk],
];
// Both outputs first, so a run where both fail names both.
for (const [, log] of checkOutcomes) {
  const output = existsSync(log) ? readFileSync(log, 'utf8') : '';
  if (output.trim() !== '') process.stdout.write(output);
}
const failedChecks = checkOutcomes.filter(([, , ok]) => !ok).map(([label]) => label);
if (failedChecks.length > 0) {
  console.error(`\n✖ ${failedChecks.join(' and ')} failed`);
  process.exit(1);
}
endPhase('type-check and lint (what was left after the builds)');

const outcomes = [];
/**
 * Runs vitest with a JSON report and records its outcome. With `logFile`, it runs in the
 * background with its output kept there (a run beside another, printed when both end); the
 * returned promise settles when it ends.
 */
async function vitest(label, args, env = {}, { logFile } = {}) {
  const file = join(reports, `${label}.json`);
  if (!logFile) console.log(`\n• ${label}`);
  const ok = await attempt(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args],
    { env: { ...process.env, ...env }, logFile },
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  const failures = [];
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed = report.numPassedTests;
    failed = Math.max(report.numFailedTests, ok ? 0 : 1);
    for (const suite of report.testResults)
      for (const test of suite.assertionResults)
        if (test.status === 'failed')
          failures.push(
            `${relative(repoRoot, suite.name)} › ${test.fullName}: ${firstLine(test.failureMessages)}`,
          );
  }
  outcomes.push({ label, ok, passed, failed, failures });
}

// CI keeps only the tail of the log, so the summary repeats what failed.
function firstLine(messages = []) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colours
  const plain = (messages[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n')[0].slice(0, 300);
}

// The end-to-end tests run beside the Vitest suites (PGlite, then PostgreSQL), not after them:
// alone, Chromium and the e2e stack kept the two cores 57 % busy (one worker waiting on pages,
// emails and servers), and the suites fill the rest (issue 18). Every suite must pass beside
// another CPU-heavy process anyway, so none may depend on the machine's speed. The e2e output
// streams; the suites' is kept in files and printed when all have ended.
const besideStart = performance.now();
const secondsSince = (start) => (performance.now() - start) / 1000;
let unitSeconds = 0;
let postgresSeconds = 0;
const unitLog = join(reports, 'unit.log');
const postgresLog = join(reports, 'postgres.log');
const suites = (async () => {
  await vitest('unit and integration (PGlite)', [], {}, { logFile: unitLog });
  unitSeconds = secondsSince(besideStart);
  const postgres = await startTestPostgres();
  try {
    await vitest(
      'provider and Clickwise on PostgreSQL',
      ['--project', 'provider', '--project', 'provider-alone', '--project', 'clickwise'],
      { TEST_DATABASE_URL: postgres.url },
      { logFile: postgresLog },
    );
  } finally {
    postgresSeconds = secondsSince(besideStart) - unitSeconds;
    postgres.stop();
  }
})().catch((error) => {
  // Recorded, not thrown: a rejection nobody awaits yet would end this process mid-e2e.
  outcomes.push({ label: 'Vitest suites', ok: false, passed: 0, failed: 1, failures: [String(error)] });
});

console.log('\n• end-to-end (Chromium), with the unit, integration and PostgreSQL suites beside it');
const e2eReport = join(reports, 'e2e.json');
const e2eOk = await attempt('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
});
const e2eSeconds = secondsSince(besideStart);
let e2ePassed = 0;
let e2eFailed = e2eOk ? 0 : 1;
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  e2ePassed = stats.expected + stats.flaky;
  e2eFailed = Math.max(stats.unexpected, e2eOk ? 0 : 1);
}
await suites;
for (const [label, log] of [
  ['unit and integration (PGlite)', unitLog],
  ['provider and Clickwise on PostgreSQL', postgresLog],
]) {
  console.log(`\n• ${label} (ran beside the end-to-end tests)`);
  if (existsSync(log)) process.stdout.write(readFileSync(log, 'utf8'));
}
endPhase(
  `tests (end-to-end ${e2eSeconds.toFixed(0)} s, beside unit and integration ${unitSeconds.toFixed(0)} s then PostgreSQL ${postgresSeconds.toFixed(0)} s)`,
);
outcomes.push({
  label: 'end-to-end (Chromium)',
  ok: e2eOk,
  passed: e2ePassed,
  failed: e2eFailed,
  failures: existsSync(e2eReport) ? playwrightFailures(JSON.parse(readFileSync(e2eReport, 'utf8'))) : [],
});

function playwrightFailures(report) {
  const failures = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message ?? '';
          failures.push(`${spec.file} › ${spec.title}: ${firstLine([error])}`);
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return failures;
}

console.log('\nSummary');
for (const o of outcomes) {
  console.log(`  ${o.ok ? '✔' : '✖'} ${o.label}: ${o.passed} passed, ${o.failed} failed`);
  for (const failure of o.failures) console.log(`      ✖ ${failure}`);
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log(`  time: ${phases.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(outcomes.every((o) => o.ok) && passed > 0 ? 0 : 1);

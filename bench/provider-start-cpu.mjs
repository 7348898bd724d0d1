// The provider's start-up outside the database: CPU time from process start to its first
// answered request, the bundle (`dist/bundle/provider/main.js`, what `npm start` runs) against the
// unbundled `dist/main.js` in the same run, alternating; and, in process, the CPU of importing the
// modules, building the app and `ready()` (schema compilation). Existing PGlite data (the first
// start, which creates it, is not counted). Prints figures; never fails on time.
//
//   node bench/provider-start-cpu.mjs            # BENCH_START_ROUNDS=5 by default
//
// With LATCHKEY_BENCH_CPU_MARK=1 this file is the child's preload instead: it prints the child's
// CPU time when the first request arrives.
import { spawn, spawnSync } from 'node:child_process';
import dc from 'node:diagnostics_channel';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

if (process.env.LATCHKEY_BENCH_CPU_MARK === '1') {
  let marked = false;
  dc.subscribe('http.server.request.start', () => {
    if (marked) return;
    marked = true;
    process.stderr.write(`CPU_AT_FIRST_REQUEST ${Math.round(cpuMs())} ${Math.round(performance.now())}\n`);
  });
} else {
  await main();
}

async function main() {
  const self = fileURLToPath(import.meta.url);
  const repoRoot = join(self, '../..');
  const dist = join(repoRoot, 'apps/provider/dist');
  const rounds = Number(process.env.BENCH_START_ROUNDS ?? 5);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'apps/provider'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    spawnSync(process.execPath, [join(repoRoot, 'apps/provider/scripts/bundle.mjs')], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  }
  const entries = { bundle: join(dist, 'bundle/provider/main.js'), unbundled: join(dist, 'main.js') };
  for (const path of Object.values(entries)) if (!existsSync(path)) throw new Error(`${path} is missing`);
  const noise = await noiseMeter(repoRoot);
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-start-cpu-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));

  const startOnce = async (entry) => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const env = {
      ...process.env,
      PORT: String(port),
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_BENCH_CPU_MARK: '1',
    };
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'HOST', 'LATCHKEY_PUBLIC_URL'])
      delete env[name];
    const child = spawn(process.execPath, ['--import', pathToFileURL(self).href, entry], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${entry} exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`${entry} did not answer within 180 s`);
      try {
        await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
    const mark = /CPU_AT_FIRST_REQUEST (\d+) (\d+)/.exec(stderr);
    if (!mark) throw new Error(`no CPU mark from ${entry}: ${stderr}`);
    return { cpu: Number(mark[1]), wall: Number(mark[2]) };
  };

  console.log(
    `provider start-up CPU: ${rounds} rounds, bundle and unbundled alternating, existing PGlite data`,
  );
  const stopNoise = noise?.();
  await startOnce(entries.unbundled); // creates the data; not counted
  const runs = { bundle: [], unbundled: [] };
  for (let round = 0; round < rounds; round++)
    for (const name of round % 2 ? ['unbundled', 'bundle'] : ['bundle', 'unbundled'])
      runs[name].push(await startOnce(entries[name]));
  const inProcess = spawnSync(process.execPath, ['--input-type=module', '-e', inProcessProbe(dist)], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const load = stopNoise?.();

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const cpu = {
    bundle: median(runs.bundle.map((r) => r.cpu)),
    unbundled: median(runs.unbundled.map((r) => r.cpu)),
  };
  const wall = {
    bundle: median(runs.bundle.map((r) => r.wall)),
    unbundled: median(runs.unbundled.map((r) => r.wall)),
  };
  for (const name of ['bundle', 'unbundled'])
    console.log(
      `${name.padEnd(10)} CPU to first answer ${String(cpu[name]).padStart(6)} ms (median; ${runs[name].map((r) => r.cpu).join(', ')})   wall ${wall[name]} ms`,
    );
  console.log(`ratio bundle/unbundled CPU ${(cpu.bundle / cpu.unbundled).toFixed(2)}×`);
  const parts = JSON.parse(inProcess.stdout.trim().split('\n').at(-1) ?? '{}');
  console.log(
    `in process (unbundled modules): import ${parts.importCpuMs} ms, buildApp ${parts.buildCpuMs} ms, ready() ${parts.readyCpuMs} ms CPU`,
  );
  console.log(
    load
      ? `other load on the machine during the run: ${load.foreignCores.toFixed(2)} cores`
      : 'other load: n/a (../shared/anchors/lib/cpu.mjs not found)',
  );
  const rows = [
    {
      measure: 'provider start → first answer, CPU (bundle)',
      latchkey: cpu.bundle,
      unit: 'ms',
      reference: 'unbundled dist/main.js',
      referenceValue: cpu.unbundled,
      ratio: Number((cpu.bundle / cpu.unbundled).toFixed(3)),
    },
    { measure: 'provider ready() (schema compilation), CPU', latchkey: parts.readyCpuMs, unit: 'ms' },
  ];
  console.log(`BENCH_ROWS ${JSON.stringify(rows)}`);
}

/** Imports the app's modules, builds it on a database it never touches, and readies it; prints CPU ms of each step. */
function inProcessProbe(dist) {
  const url = (path) => JSON.stringify(pathToFileURL(join(dist, path)).href);
  return `
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const t0 = cpu();
const { buildApp } = await import(${url('app.js')});
const { systemClock } = await import(${url('clock.js')});
const { cryptoRandom } = await import(${url('random.js')});
const t1 = cpu();
const app = buildApp({ mode: 'development', issuer: 'stytch.com', keyEncryptionSecret: 'x' },
  { db: {}, clock: systemClock, random: cryptoRandom, mailer: { send: async () => {} }, delivery: { autoStart: false } });
const t2 = cpu();
await app.ready();
const t3 = cpu();
console.log(JSON.stringify({ importCpuMs: Math.round(t1 - t0), buildCpuMs: Math.round(t2 - t1), readyCpuMs: Math.round(t3 - t2) }));
await app.close();
process.exit(0);
`;
}

/** The shared noise meter (other processes' CPU during the run), when the anchors are beside the repo. */
async function noiseMeter(repoRoot) {
  for (const dir of [process.env.ANCHORS_DIR, join(repoRoot, '../shared/anchors'), '/work/shared/anchors']) {
    if (dir && existsSync(join(dir, 'lib/cpu.mjs'))) {
      const { startNoise } = await import(pathToFileURL(join(dir, 'lib/cpu.mjs')).href);
      return startNoise;
    }
  }
  return undefined;
}

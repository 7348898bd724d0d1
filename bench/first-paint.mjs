#!/usr/bin/env node
/**
 * First paint of the script-tag widget: ms from navigation start to the first animation frame in
 * which an input or button shows inside the widget, median of BENCH_PAINT_RUNS (default 15) loads
 * in headless Chromium, each in a fresh context, alternating with the peers in the same run:
 * Stytch 5.1.1's mountLogin, Hanko elements, a bare React 19 form and a bare Preact form.
 *
 * It does not measure on its own: it runs the anchors' first-render harness
 * (ANCHORS_DIR/ttfr/run.mjs, with PERF_DIR/server as its working directory, where Playwright and
 * the peers' builds are installed) with the widget added as one more target, and reads the
 * harness's per-load results. So the widget and the peers share one page server, one probe, one
 * browser and one alternation.
 *
 * The widget's page: the harness serves `/<target>.html` with `<script type="module"
 * src="/<target>.js">`, so latchkey.js is the built latchkey-widget.js followed by the two calls an
 * integrator writes under its script tag (createLatchkeyClient, mountLogin with products
 * ['passwords']): one file, as the peers' entries are one file with their mount call. Its chunks
 * are served beside it (a module script has no currentScript, so the widget finds them at the
 * page's URL). Its client talks to a stub on 127.0.0.1 that answers the bootstrap with the body the
 * wire gives (shared/wire/endpoints.md, a development project) and telemetry with the recommended
 * answer, because the peers are measured against stubs too (the harness answers Stytch's
 * bootstrap and Hanko's flow API itself), and the first paint does not wait for the bootstrap.
 *
 * Prints the harness's lines, the medians and ratios (goal: ≤ 0.6× Stytch 5.1.1), the foreign CPU
 * load per target (anchors/lib/cpu.mjs), and as its last line `BENCH_ROWS [...]`. Figures never
 * fail the run; it exits 1 only when it could not measure. Build the widget first (`npm run build`).
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anchorPaths, buildAnchorTargets } from './bundle-size.mjs';
import { numberFromEnv, runWhenMain } from './lib/bench-rows.mjs';
import { repoRoot } from './lib/provider-process.mjs';

const PEERS = ['stytch511', 'hanko', 'react19', 'preact'];
const TARGET = 'latchkey';
const STYTCH_GOAL = 0.6;
const PUBLIC_TOKEN = 'public-token-test-00000000-0000-4000-8000-000000000000';
// LATCHKEY_STANDALONE_DIR: another build's files (say, the base branch's), for a before/after.
const standaloneDir = process.env.LATCHKEY_STANDALONE_DIR ?? join(repoRoot, 'packages/react/dist/standalone');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The bootstrap of a development project, as the wire gives it (endpoints.md, Project bootstrap). */
const BOOTSTRAP = {
  request_id: 'request-id-bench',
  status_code: 200,
  disable_sdk_watermark: false,
  cname_domain: null,
  email_domains: [],
  captcha_settings: { enabled: false },
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  pkce_required_for_sso: false,
  slug_pattern: null,
  create_organization_enabled: false,
  password_config: null,
  siwe_required_for_crypto_wallets: false,
  oauth_providers: [],
};

/** The widget's provider for the page: the bootstrap, telemetry, CORS; 404 for anything else. */
function startProviderStub() {
  const requests = [];
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${request.method} ${pathname}`);
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    };
    const send = (status, body) => {
      response.writeHead(status, { ...cors, 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      response.end();
    } else if (pathname.startsWith('/sdk/v1/projects/bootstrap/')) send(200, { data: BOOTSTRAP });
    else if (pathname === '/sdk/v1/events') send(200, { data: { request_id: 'r', status_code: 200 } });
    else send(404, { status_code: 404, error_type: 'not_found', error_message: 'bench stub' });
    request.resume();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port, requests })),
  );
}

/** The harness's bundle directory: the peers' builds, and the widget as target `latchkey`. */
function composeBundleDir(dir, perfBundle, providerPort) {
  for (const peer of PEERS) symlinkSync(join(perfBundle, peer), join(dir, peer));
  const mount = [
    ';(() => {',
    `  const client = Latchkey.createLatchkeyClient({ publicToken: '${PUBLIC_TOKEN}', baseUrl: 'http://127.0.0.1:${providerPort}' });`,
    "  Latchkey.mountLogin({ elementId: '#widget', client, config: { products: ['passwords'] } });",
    '})();',
  ].join('\n');
  mkdirSync(join(dir, TARGET, 'out-single'), { recursive: true });
  const widget = readFileSync(join(standaloneDir, 'latchkey-widget.js'), 'utf8');
  writeFileSync(join(dir, TARGET, 'out-single', `${TARGET}.js`), `${widget}\n${mount}\n`);
  // Each chunk at /<name>.js, where the harness's server looks for it.
  for (const file of readdirSync(standaloneDir).filter((name) => name.endsWith('.js'))) {
    const name = file.slice(0, -'.js'.length);
    if (name === 'latchkey-widget') continue;
    mkdirSync(join(dir, name, 'out-single'), { recursive: true });
    cpSync(join(standaloneDir, file), join(dir, name, 'out-single', file));
  }
}

/** Runs the harness as a child in PERF_DIR/server; resolves with its stdout. */
function runHarness(script, cwd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`the first-render harness exited with ${code}`)),
    );
  });
}

/** Runs the widget and the peers alternating; returns per-target medians and the ratios. */
export async function benchFirstPaint({
  runs = numberFromEnv('BENCH_PAINT_RUNS', 15, { integer: true }),
} = {}) {
  const { anchors, perf } = anchorPaths();
  const harness = anchors && join(anchors, 'ttfr/run.mjs');
  if (!harness || !existsSync(harness)) throw new Error('the anchors are not here (set ANCHORS_DIR)');
  const server = join(perf, 'server');
  if (!existsSync(join(server, 'node_modules/playwright-core'))) {
    throw new Error(`playwright-core is not installed in ${server} (run the anchors' setup.sh)`);
  }
  // The peers' pages load their out-single builds: built here when missing (deterministic).
  const unbuilt = PEERS.filter((peer) => !existsSync(join(perf, 'bundle', peer, 'out-single', `${peer}.js`)));
  if (unbuilt.length > 0) {
    const built = buildAnchorTargets(unbuilt);
    if (built.error) throw new Error(built.error);
  }
  if (!existsSync(join(standaloneDir, 'latchkey-widget.js'))) {
    throw new Error('the widget is not built (npm run build -w @latchkey/react)');
  }
  const work = mkdtempSync(join(tmpdir(), 'latchkey-first-paint-'));
  const provider = await startProviderStub();
  try {
    const bundleDir = join(work, 'bundle');
    const shots = join(work, 'shots');
    mkdirSync(bundleDir);
    mkdirSync(shots);
    composeBundleDir(bundleDir, join(perf, 'bundle'), provider.port);
    const targets = [TARGET, ...PEERS];
    const stdout = await runHarness(harness, server, [String(runs), bundleDir, targets.join(',')], {
      SHOT_DIR: shots,
    });
    const results = JSON.parse(readFileSync(join(shots, 'ttfr-results.json'), 'utf8'));
    const screenshotDir = join(repoRoot, '.tmp');
    mkdirSync(screenshotDir, { recursive: true });
    for (const target of targets) {
      const shot = join(shots, `ttfr-${target}.png`);
      if (existsSync(shot)) cpSync(shot, join(screenshotDir, `first-paint-${target}.png`));
    }
    const figures = {};
    for (const target of targets) {
      const loads = results[target] ?? [];
      const ok = loads.filter((load) => !load.error);
      figures[target] = {
        medianMs: ok.length ? median(ok.map((load) => load.t)) : Number.NaN,
        minMs: Math.min(...ok.map((load) => load.t)),
        maxMs: Math.max(...ok.map((load) => load.t)),
        loads: ok.length,
        failed: loads.length - ok.length,
        foreignCores: ok.length ? median(ok.map((load) => load.foreignCores)) : Number.NaN,
        firstElement: ok[0] ? `${ok[0].tag} ${ok[0].type} "${ok[0].text}"` : 'none',
      };
    }
    // The harness's own server log: the widget's chunk files any load fetched (none for passwords).
    const served = stdout.match(/local server requests[^:]*: (.*)/)?.[1] ?? '';
    const chunksFetched = [...served.matchAll(/GET \/(latchkey-[\w-]+\.js)/g)].map((match) => match[1]);
    return { runs, figures, chunksFetched, providerRequests: [...new Set(provider.requests)] };
  } finally {
    provider.server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Prints medians, ratios and noise. */
export function printFirstPaintFigures(
  { runs, figures, chunksFetched, providerRequests },
  log = console.log,
) {
  const own = figures[TARGET];
  log(`\nfirst input/button visible, median of ${runs} loads each (alternating, fresh context):`);
  for (const [target, figure] of Object.entries(figures)) {
    const ratio = own.medianMs / figure.medianMs;
    log(
      `  ${target.padEnd(10)} ${figure.medianMs.toFixed(0).padStart(5)} ms (min ${figure.minMs.toFixed(0)}, max ${figure.maxMs.toFixed(0)}, ` +
        `n=${figure.loads}${figure.failed ? `, ${figure.failed} failed` : ''}) foreign CPU ${figure.foreignCores.toFixed(2)} cores` +
        (target === TARGET ? ` | ${figure.firstElement}` : ` | latchkey / ${target} = ${ratio.toFixed(2)}×`),
    );
  }
  log(`  goal: latchkey ≤ ${STYTCH_GOAL}× stytch511`);
  log(
    `  widget chunk files fetched during the loads (the first paint, or the preload after it): ${chunksFetched.join(', ') || 'none'}`,
  );
  log(`  provider stub requests: ${providerRequests.join(', ') || 'none'}`);
  log('  screenshots: .tmp/first-paint-<target>.png');
}

/** The BENCH_ROWS line's rows: the widget's median against each peer of the same run. */
export function firstPaintBenchRows({ figures }) {
  const own = figures[TARGET];
  const row = (peer, extra = {}) => ({
    measure: `first widget paint, median (vs ${peer})`,
    latchkey: Math.round(own.medianMs),
    unit: 'ms',
    reference: peer,
    referenceValue: Math.round(figures[peer].medianMs),
    ratio: Number((own.medianMs / figures[peer].medianMs).toFixed(3)),
    ...extra,
  });
  const stytchRatio = own.medianMs / figures.stytch511.medianMs;
  return [
    row('stytch511', { goal: `≤ ${STYTCH_GOAL}× Stytch 5.1.1`, met: stytchRatio <= STYTCH_GOAL }),
    ...PEERS.slice(1).map((peer) => row(peer)),
  ];
}

await runWhenMain(import.meta.url, 'first-paint', async () => {
  const figures = await benchFirstPaint();
  printFirstPaintFigures(figures);
  console.log(`BENCH_ROWS ${JSON.stringify(firstPaintBenchRows(figures))}`);
});

// Small helpers shared by the start and test scripts: run commands, find the repo, check freshness.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command to completion with inherited stdio; exits the script when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/**
 * Runs a command and resolves whether it succeeded, without exiting and without blocking this
 * process, so another command can run beside it. Its output goes to the terminal, or with
 * `logFile` into that file (to print once the commands beside it end).
 */
export async function attempt(command, args, { logFile, ...options } = {}) {
  const out = logFile === undefined ? undefined : openSync(logFile, 'w');
  try {
    return await new Promise((resolve) => {
      const stdio = out === undefined ? 'inherit' : ['ignore', out, out];
      const child = spawn(command, args, { cwd: repoRoot, stdio, ...options });
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code === 0));
    });
  } finally {
    if (out !== undefined) closeSync(out);
  }
}

/** Starts a long-running child whose output is prefixed with a label. */
export function startChild(label, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) out.write(`[${label}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** npm's record of what it installed: rewritten by every install that changed node_modules. */
const installedMarker = join(repoRoot, 'node_modules/.package-lock.json');

/**
 * When node_modules last changed (0 if never installed). Builds that bundle or import dependencies
 * count it among their sources: after a new lock, a Clickwise build still importing an entry
 * point the old version had (kysely/migration) failed at start.
 */
export const dependenciesMtime = () => (existsSync(installedMarker) ? statSync(installedMarker).mtimeMs : 0);

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const lock = join(repoRoot, 'package-lock.json');
  if (dependenciesMtime() >= statSync(lock).mtimeMs) return;
  console.log('• installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the TypeScript projects (incremental) and the standalone widget bundle when stale. */
export function ensureBuilt() {
  // @latchkey/react/styles.css (a dist file, not tsc output) is made by the CSS script, which also
  // regenerates the committed theme modules: run it before tsc, when the stylesheet is missing or
  // older than the theme sources.
  const stylesheet = join(repoRoot, 'packages/react/dist/styles.css');
  if (
    !existsSync(stylesheet) ||
    statSync(stylesheet).mtimeMs < newestMtime(join(repoRoot, 'packages/react/src/theme'))
  ) {
    console.log('• building the widget stylesheet…');
    run('node', ['packages/react/scripts/build-css.mjs']);
  }
  console.log('• building (tsc -b)…');
  run('npx', ['tsc', '-b']);
  // The provider as it ships (`npm start`, the e2e stack, the tests of a provider process): one
  // bundle, remade only when dist/ changed.
  run('node', ['apps/provider/scripts/bundle.mjs']);
  // The migrated database a new PGlite directory starts from, instead of initdb (about 7 s of CPU).
  run('node', ['apps/provider/scripts/pglite-template.mjs']);
  const bundles = [
    'latchkey-widget.js',
    'latchkey-phone.js',
    'latchkey-one-tap.js',
    'latchkey-passkey-registration.js',
    'latchkey-passkey-sign-in.js',
    'latchkey-screens.js',
    'latchkey-webauthn.js',
    'latchkey-theme.js',
  ].map((f) => join(repoRoot, 'packages/react/dist/standalone', f));
  // The widget bundles @latchkey/wire's leaves (OAuth names, messages) from source too.
  const sources = Math.max(
    dependenciesMtime(),
    newestMtime(join(repoRoot, 'packages/react/src')),
    newestMtime(join(repoRoot, 'packages/client/src')),
    newestMtime(join(repoRoot, 'packages/wire/src')),
  );
  if (bundles.some((bundle) => !existsSync(bundle) || statSync(bundle).mtimeMs < sources)) {
    console.log('• bundling the standalone widget…');
    run('node', ['packages/react/scripts/build-standalone.mjs']);
  }
  // Clickwise: a React Router (Vite) build, redone when its sources or the widget changed.
  const clickwiseBuild = join(repoRoot, 'apps/clickwise/dist/site/server/index.js');
  const clickwiseSources = Math.max(
    sources,
    newestMtime(join(repoRoot, 'apps/clickwise/app')),
    newestMtime(join(repoRoot, 'apps/clickwise/public')),
    newestMtime(join(repoRoot, 'packages/node/src')),
  );
  if (!existsSync(clickwiseBuild) || statSync(clickwiseBuild).mtimeMs < clickwiseSources) {
    console.log('• building Clickwise (react-router build)…');
    run('npx', ['react-router', 'build'], { cwd: join(repoRoot, 'apps/clickwise') });
  }
  // The admin console: a Vite single-page build the provider serves at /console/.
  const consoleBuild = join(repoRoot, 'apps/console/dist/site/index.html');
  const consoleSources = Math.max(
    sources,
    newestMtime(join(repoRoot, 'apps/console/src')),
    newestMtime(join(repoRoot, 'apps/console/index.html')),
  );
  if (!existsSync(consoleBuild) || statSync(consoleBuild).mtimeMs < consoleSources) {
    console.log('• building the console (vite build)…');
    run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(repoRoot, 'apps/console') });
  }
}

/**
 * Builds examples/nextjs (`next build`) when its code or a package it uses changed since the last
 * build; the e2e stack runs the build with `next start`. Not part of ensureBuilt: `npm start`
 * does not need it, and the build takes about a minute.
 */
export function ensureNextjsExampleBuilt() {
  const example = join(repoRoot, 'examples/nextjs');
  const buildId = join(example, '.next/BUILD_ID');
  const sources = Math.max(
    dependenciesMtime(),
    ...['app', 'proxy.ts', 'next.config.ts', 'package.json'].map((path) => newestMtime(join(example, path))),
    ...['nextjs', 'node', 'react', 'client', 'wire'].map((name) =>
      newestMtime(join(repoRoot, 'packages', name, 'src')),
    ),
  );
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= sources) return;
  console.log('• building examples/nextjs (next build)…');
  // The example imports the packages' dist (no `source` condition in Next's resolver).
  run('npx', ['tsc', '-b', 'packages/nextjs', 'packages/react']);
  run('npx', ['next', 'build'], { cwd: example, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
}

/** Polls a URL until it answers (any HTTP status) or the deadline passes. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return false;
}

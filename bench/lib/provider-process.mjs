/**
 * Starts the real provider as a child process (`node apps/provider/dist/main.js`) on a free
 * loopback port with its data in a fresh temporary directory, in development mode (NODE_ENV,
 * DATABASE_URL and SMTP_URL removed, so PGlite and the dev outbox are used; `databaseUrl`, or
 * else BENCH_DATABASE_URL, selects a PostgreSQL database instead), waits until its
 * health route answers and its dev-project.json is written, and removes everything on stop.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNodeChild } from './child-process.mjs';
import { findFreePort } from './free-port.mjs';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const mainJs = join(repoRoot, 'apps/provider/dist/main.js');

/**
 * Brings apps/provider/dist up to date with `tsc -b`, and its PGlite template (the migrated
 * database a fresh data directory starts from), unless BENCH_SKIP_BUILD=1.
 */
export function buildProvider() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    // The native compiler (TypeScript 7), as `npx tsc` runs it; `typescript` is version 6, kept for its API.
    const tsc = join(repoRoot, 'node_modules/@typescript/native/bin/tsc');
    const built = spawnSync(process.execPath, [tsc, '-b', 'apps/provider'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (built.status !== 0) {
      const detail = `${built.stdout}${built.stderr}`.trim().split('\n').slice(0, 15).join('\n');
      if (!existsSync(mainJs)) throw new Error(`tsc -b apps/provider failed and no build exists:\n${detail}`);
      console.warn(`warning: tsc -b apps/provider failed; benchmarking the existing dist/\n${detail}`);
    } else {
      const template = spawnSync(process.execPath, ['apps/provider/scripts/pglite-template.mjs'], {
        cwd: repoRoot,
        encoding: 'utf8',
      });
      if (template.status !== 0) throw new Error(`the PGlite template failed:\n${template.stderr}`);
    }
  }
  if (!existsSync(mainJs)) throw new Error(`${mainJs} does not exist; build the provider first`);
}

/**
 * @param {{ startTimeoutMs?: number, databaseUrl?: string | null, env?: Record<string, string> }} options
 *   `databaseUrl: null` forces PGlite; left out, BENCH_DATABASE_URL decides (PGlite when it is
 *   unset); `env` adds settings (several instances of one deployment share a sealing secret)
 * @returns {Promise<{ url: string, pid: number, dataDir: string, project: { project_id: string, public_token: string, secret: string }, stop: () => Promise<void> }>}
 */
export async function startProvider({ startTimeoutMs = 90_000, databaseUrl, env: extraEnv = {} } = {}) {
  buildProvider();
  const dataDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'));
  const port = await findFreePort();
  const env = { ...process.env, PORT: String(port), LATCHKEY_DATA_DIR: dataDir };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'HOST', 'LATCHKEY_PUBLIC_URL'])
    delete env[name];
  Object.assign(env, extraEnv);
  if (process.env.BENCH_LOG_LEVEL) env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL;
  // PGlite unless the run names a real PostgreSQL (a database you created for the bench).
  const postgresUrl = databaseUrl === undefined ? process.env.BENCH_DATABASE_URL : databaseUrl;
  if (postgresUrl) env.DATABASE_URL = postgresUrl;
  // e.g. BENCH_PROVIDER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the time goes.
  const nodeArgs = (process.env.BENCH_PROVIDER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const handle = startNodeChild([...nodeArgs, mainJs], {
    env,
    cwd: repoRoot,
    logFile: join(dataDir, 'provider.log'),
  });
  const url = `http://127.0.0.1:${port}`;
  // On Ctrl-C the child is killed by child-process.mjs; this removes its data on the way out.
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const stop = async () => {
    await handle.stop();
    process.off('exit', removeDataDir);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, join(dataDir, 'dev-project.json'), handle, startTimeoutMs);
    const project = JSON.parse(await readFile(join(dataDir, 'dev-project.json'), 'utf8'));
    return { url, pid: handle.child.pid, dataDir, project, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitUntilReady(url, projectFile, handle, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle.child.exitCode !== null) {
      throw new Error(`the provider exited with code ${handle.child.exitCode}:\n${handle.output()}`);
    }
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok && existsSync(projectFile)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the provider did not become ready within ${timeoutMs} ms:\n${handle.output()}`);
}

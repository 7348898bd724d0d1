/**
 * The peers' harnesses (../shared/anchors, see its README) and the packages they run on (installed
 * by ../shared/anchors/setup.sh into a scratch directory, never into this repository). A bench
 * that compares with a peer starts it from here in the same run; when either is missing it says
 * how to install it and measures without the peer instead of failing.
 *
 * BENCH_ANCHORS_DIR: the anchors folder (default: ../shared/anchors beside this checkout or beside
 * the main checkout of this worktree). BENCH_PEERS_DIR (default $PERF_DIR): the directory setup.sh
 * installed into; its `server/` holds better-auth, better-sqlite3 and friends.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startNodeChild } from './child-process.mjs';
import { findFreePort } from './free-port.mjs';
import { repoRoot } from './provider-process.mjs';

function anchorsCandidates() {
  const candidates = [join(repoRoot, '../shared/anchors')];
  try {
    // In a git worktree the shared folder sits beside the main checkout, not beside this one.
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    candidates.push(join(dirname(dirname(common)), 'shared/anchors'));
  } catch {
    // Not a git checkout: only the first candidate.
  }
  return candidates;
}

/** The anchors folder, or null. */
export function findAnchorsDir() {
  if (process.env.BENCH_ANCHORS_DIR) return resolve(process.env.BENCH_ANCHORS_DIR);
  return anchorsCandidates().find((dir) => existsSync(join(dir, 'server/load.mjs'))) ?? null;
}

const installHint =
  'install the peers with `bash ../shared/anchors/setup.sh <dir>` and set BENCH_PEERS_DIR=<dir> (or PERF_DIR)';

/**
 * Where the peer packages and harness scripts are, or why they are not available.
 * @returns {{ anchorsDir: string, serverDir: string } | { missing: string }}
 */
export function locatePeers() {
  const anchorsDir = findAnchorsDir();
  if (!anchorsDir)
    return { missing: `the peers' harnesses (../shared/anchors) were not found; set BENCH_ANCHORS_DIR` };
  const peersDir = process.env.BENCH_PEERS_DIR || process.env.PERF_DIR;
  if (!peersDir) return { missing: `BENCH_PEERS_DIR and PERF_DIR are unset: ${installHint}` };
  const serverDir = join(resolve(peersDir), 'server');
  if (!existsSync(join(serverDir, 'node_modules/better-auth/package.json')))
    return { missing: `${serverDir}/node_modules has no better-auth: ${installHint}` };
  return { anchorsDir, serverDir };
}

/**
 * Starts better-auth (anchors server/srv-better-auth.mjs: node:http + better-sqlite3, email +
 * password, rate limiter off, NODE_ENV=production) with the packages from the peers directory as
 * its cwd, as the anchors' load.mjs does. It signs one user in itself and says so on a READY line.
 * @returns {Promise<{ base: string, info: { cookie: string, email: string, password: string }, version: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startBetterAuthServer({ anchorsDir, serverDir }) {
  const port = await findFreePort(); // its base URL needs the real port before it listens
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-bench-peer-'));
  const handle = startNodeChild(
    [join(anchorsDir, 'server/srv-better-auth.mjs'), String(port), join(dataDir, 'ba.sqlite')],
    {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const stop = async () => {
    await handle.stop();
    process.off('exit', removeDataDir);
    removeDataDir();
  };
  try {
    const info = await new Promise((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`better-auth did not start:\n${handle.output()}`)),
        60_000,
      );
      handle.child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`better-auth exited with code ${code}:\n${handle.output()}`));
      });
      handle.onLine((line) => {
        const match = line.match(/^READY (\d+) (.*)$/);
        if (match) {
          clearTimeout(timer);
          resolvePromise(JSON.parse(match[2]));
        }
      });
    });
    const version = JSON.parse(
      readFileSync(join(serverDir, 'node_modules/better-auth/package.json'), 'utf8'),
    ).version;
    return { base: `http://127.0.0.1:${port}`, info, version, pid: handle.child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts better-auth's get-session peer (startBetterAuthServer) and checks, as the anchors do,
 * that its session check really finds the session it signed in.
 * @returns {Promise<{ request: { url: string, method: string, headers: Record<string, string> }, pid: number, stop: () => Promise<void> }>}
 */
export async function startBetterAuth(peers) {
  const server = await startBetterAuthServer(peers);
  try {
    const request = {
      url: `${server.base}/api/auth/get-session`,
      method: 'GET',
      headers: { cookie: server.info.cookie },
    };
    const probe = await fetch(request.url, { headers: request.headers, signal: AbortSignal.timeout(10_000) });
    const body = await probe.json();
    if (!body?.session?.id)
      throw new Error(`better-auth get-session found no session: ${JSON.stringify(body)}`);
    return { request, pid: server.pid, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * The provider as it ships: `apps/provider/dist/main.js` from `tsc -b`, in a child process. Tests of
 * what only a real process shows (its exit code, its signals, its listener) run this build, brought
 * up to date first, rather than the sources under tsx (which also cost each start about 2.5 s more CPU).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findRepoRoot } from '../src/config.js';

const root = findRepoRoot();
export const BUILT_MAIN = join(root, 'apps/provider/dist/main.js');
let builtThisRun = false;

/**
 * Runs `tsc -b apps/provider` (incremental: quick when nothing changed) once per test process;
 * throws with its output when it fails.
 */
export function buildProvider(): void {
  if (builtThisRun) return;
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const built = spawnSync(process.execPath, [tsc, '-b', 'apps/provider'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`tsc -b apps/provider failed:\n${built.stdout}${built.stderr}`);
  builtThisRun = true;
}

/**
 * The built file of a provider entry (`main` or `cli`), brought up to date first. A child process
 * runs it with plain Node: under tsx each start cost about 2.5 s more CPU (issue 18).
 */
export function builtEntry(entry: 'main' | 'cli'): string {
  buildProvider();
  return join(root, `apps/provider/dist/${entry}.js`);
}

/** A started build and what it has written so far. */
export interface BuiltProviderProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Starts `node dist/main.js` with exactly `env` (plus PATH), from a neutral working directory. */
export function spawnBuiltProvider(env: Record<string, string>, cwd: string): BuiltProviderProcess {
  const child = spawn(process.execPath, [BUILT_MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

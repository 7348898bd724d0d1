/**
 * The provider as it ships: the bundle `npm start` runs (`apps/provider/dist/bundle/provider/`,
 * made from `tsc -b`'s dist/ by scripts/bundle.mjs), in a child process. Tests of what only a
 * real process shows (its exit code, its signals, its listener) run this build, brought up to date
 * first: the sources under tsx cost each start about 2.5 s more CPU, and the unbundled dist/ about
 * 2 s more than the bundle (issue 18).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findRepoRoot } from '../src/config.js';

const root = findRepoRoot();
export const BUNDLE_DIR = join(root, 'apps/provider/dist/bundle/provider');
export const BUILT_MAIN = join(BUNDLE_DIR, 'main.js');
let builtThisRun = false;

/**
 * Runs `tsc -b apps/provider` (incremental: quick when nothing changed), then the bundler (which
 * does nothing when the bundle is newer than dist/), once per test process; throws with their
 * output when one fails.
 */
export function buildProvider(): void {
  if (builtThisRun) return;
  // TypeScript 7's compiler (`typescript` is TypeScript 6, kept for its API: package.json).
  const tsc = join(root, 'node_modules/@typescript/native/bin/tsc');
  const steps = [
    [tsc, '-b', 'apps/provider'],
    ['apps/provider/scripts/bundle.mjs'],
    ['apps/provider/scripts/pglite-template.mjs'],
  ];
  for (const args of steps) {
    const built = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`${args.join(' ')} failed:\n${built.stdout}${built.stderr}`);
  }
  builtThisRun = true;
}

/**
 * The built file of a provider entry (`main` or `cli`), brought up to date first. A child process
 * runs it with plain Node: under tsx each start cost about 2.5 s more CPU (issue 18).
 */
export function builtEntry(entry: 'main' | 'cli'): string {
  buildProvider();
  return join(BUNDLE_DIR, `${entry}.js`);
}

/** A started build and what it has written so far. */
export interface BuiltProviderProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Starts the bundled provider with exactly `env` (plus PATH), from a neutral working directory. */
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

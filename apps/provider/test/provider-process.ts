/**
 * The provider as it ships (dist/main.js, rebuilt first when its sources changed), in a child
 * process on a free loopback port, so a test can kill it with SIGKILL and start it again on the
 * same data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { builtEntry } from './built-provider.js';

const PROVIDER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A running provider process. */
export interface ProviderProcess {
  url: string;
  child: ChildProcess;
  /** The last lines it wrote (for failure messages). */
  output(): string;
  /** SIGKILL, as a crash or an OOM kill ends it; resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** Starts the provider with `env` (PORT, LATCHKEY_DATA_DIR, …) and waits until /readyz answers 200. */
export async function startProviderProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ProviderProcess> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, [builtEntry('main')], {
    cwd: PROVIDER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n'));
    lines.splice(0, Math.max(0, lines.length - 60));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the provider exited while starting:\n${lines.join('\n')}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the provider did not get ready in time:\n${lines.join('\n')}`);
    }
    await sleep(100);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    child,
    output: () => lines.join('\n'),
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

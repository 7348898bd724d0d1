/**
 * Child processes for the benches: started with piped output that is always drained (a full
 * pipe would stall the child and skew the figures), remembered so that they are killed on every
 * way out of the bench (normal end, error, Ctrl-C), and stopped by their own pid only.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

const children = new Set();
let hooksInstalled = false;

function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const child of children) child.kill('SIGKILL');
      process.exit(130);
    });
  }
}

/**
 * Spawns `node args…` and keeps the last lines of its output for error reports. With `logFile`
 * the output goes straight to that file instead of through this process, so a chatty server
 * (a request log) costs the load generator nothing while it is being measured.
 * @returns {{ child: import('node:child_process').ChildProcess, output: () => string, onLine: (fn: (line: string) => void) => void, stop: () => Promise<void> }}
 */
export function startNodeChild(args, { env, cwd, logFile } = {}) {
  installExitHooks();
  const fd = logFile === undefined ? undefined : openSync(logFile, 'a');
  const stdio = fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd];
  const child = spawn(process.execPath, args, { env, cwd, stdio });
  if (fd !== undefined) closeSync(fd);
  children.add(child);
  const tail = [];
  const listeners = [];
  let pending = '';
  const collect = (chunk) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(() => children.delete(child));
  return {
    child,
    output: () =>
      logFile === undefined
        ? [...tail, pending].join('\n').trim()
        : readFileSync(logFile, 'utf8').trim().split('\n').slice(-40).join('\n'),
    onLine: (listener) => listeners.push(listener),
    stop: () => stopChildProcess(child),
  };
}

/**
 * SIGTERM to `child` (only it, by its own handle), SIGKILL if it is still there after `graceMs`;
 * resolves once it is gone. A child stopped this way can finish what it does on SIGTERM (write a
 * profile, close its server).
 */
export async function stopChildProcess(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Issue 22: `latchkey-provider` is the one command an integrator installs, so it answers `--help`
 * (usage on stdout, success) and `start` runs the server itself — before, `--help` was a usage
 * mistake (stderr, exit 2) and there was no way to start the server through the bin.
 * Not with TEST_DATABASE_URL: these processes run on a PGlite data directory whatever it says,
 * so the PostgreSQL run would repeat the PGlite one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry } from '../../test/built-provider.js';
import { freePort } from '../../test/free-port.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { findRepoRoot } from '../config.js';

describe.skipIf(testDatabaseUrl)('the latchkey-provider bin', () => {
  const root = findRepoRoot();
  let dataDir = '';
  const children: ChildProcess[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'latchkey-cli-start-'));
  });

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The built CLI (rebuilt first when its sources changed), with output collected. */
  function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
    const { DATABASE_URL: _postgres, LATCHKEY_URL: _url, ...rest } = process.env;
    const child = spawn(process.execPath, [builtEntry('cli'), ...args], {
      cwd: root,
      env: { ...rest, NODE_ENV: 'development', LATCHKEY_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output = { stdout: '', stderr: '' };
    child.stdout?.on('data', (chunk) => {
      output.stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output.stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { child, output, exited };
  }

  it('`--help` prints the usage, `start` among the commands, on stdout and succeeds', async () => {
    const { output, exited } = cli(['--help']);
    expect(await exited).toBe(0);
    expect(output.stdout).toMatch(/^Usage:\n {2}latchkey-provider start\n/);
    expect(output.stdout).toContain('latchkey-provider project create');
    expect(output.stderr).toBe('');
  });

  it('`start` runs the provider: it answers HTTP, makes the development project, and stops on SIGTERM', async () => {
    const port = await freePort();
    const { child, output, exited } = cli(['start'], { PORT: String(port) });
    // Wait for the state (the provider answering), never a fixed time; the test timeout bounds it.
    let answer: Response | undefined;
    while (!answer) {
      if (child.exitCode !== null) throw new Error(`start exited ${child.exitCode}: ${output.stderr}`);
      answer = await fetch(`http://localhost:${port}/`).catch(
        () => new Promise<undefined>((resolve) => setTimeout(resolve, 200)),
      );
    }
    expect(answer.status).toBe(200);
    expect(existsSync(join(dataDir, 'dev-project.json'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});

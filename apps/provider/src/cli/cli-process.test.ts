/**
 * Issue 20: the CLI changes an OAuth provider while the provider runs, and the next sign-in uses
 * it. Real processes on a PGlite data directory in a temporary folder: the CLI makes a project
 * before the provider starts (in-process, as `npm start` does), then talks to the running provider
 * over HTTP (it must not open the directory the provider holds).
 * Not with TEST_DATABASE_URL: these processes run on a PGlite data directory whatever it says,
 * so the PostgreSQL run would repeat the PGlite one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry } from '../../test/built-provider.js';
import { freePort } from '../../test/free-port.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { findRepoRoot } from '../config.js';

describe.skipIf(testDatabaseUrl)('the CLI beside a running provider', () => {
  const root = findRepoRoot();
  let dataDir = '';
  let provider: ChildProcess | undefined;
  let port = 0;

  function environment(): NodeJS.ProcessEnv {
    const { DATABASE_URL: _postgres, LATCHKEY_URL: _url, LATCHKEY_OPERATOR_KEY: _key, ...rest } = process.env;
    return {
      ...rest,
      NODE_ENV: 'development',
      LATCHKEY_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    };
  }

  /** Runs a built entry of the provider (rebuilt first when its sources changed). */
  function node(entry: 'main' | 'cli', args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
    return spawn(process.execPath, [builtEntry(entry), ...args], {
      cwd: root,
      env: { ...environment(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  async function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return cliWith({}, ...args);
  }

  async function cliWith(
    env: NodeJS.ProcessEnv,
    ...args: string[]
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = node('cli', args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, stdout, stderr };
  }

  async function providerAnswers(): Promise<boolean> {
    try {
      await fetch(`http://localhost:${port}/`);
      return true;
    } catch {
      return false;
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'latchkey-cli-process-'));
    port = await freePort();
    // As `npm start` does: a project of Clickwise's made before the provider starts (in-process).
    const made = await cli('project', 'create', '--dev', 'clickwise', '--name', 'Clickwise');
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    provider = node('main', []);
    const exited = new Promise((resolve) => provider?.on('exit', resolve));
    // Wait for the state (the provider answering), never a fixed time; a hang detector bounds it.
    for (;;) {
      if (await providerAnswers()) break;
      if (provider.exitCode !== null) throw new Error('the provider exited while starting');
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), exited]);
    }
  }, 300_000);

  afterAll(async () => {
    if (provider?.exitCode === null) {
      const exited = new Promise((resolve) => provider?.on('exit', resolve));
      provider.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function githubStart(publicToken: string): Promise<URL> {
    const response = await fetch(
      `http://localhost:${port}/v1/public/oauth/github/start?public_token=${publicToken}&login_redirect_url=${encodeURIComponent('http://localhost:4100/authenticate')}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') as string);
  }

  it('`oauth set` on the running provider: the next OAuth start redirects with the new settings', async () => {
    const credentials = JSON.parse(readFileSync(join(dataDir, 'dev-project.json'), 'utf8')) as {
      public_token: string;
    };
    // Before: the development project's GitHub button goes to the provider's own development issuer.
    expect((await githubStart(credentials.public_token)).origin).toBe(`http://localhost:${port}`);

    const set = await cli(
      'oauth',
      'set',
      '--dev',
      '--provider',
      'github',
      '--client-id',
      'cli-client',
      '--client-secret',
      'cli-secret',
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout).provider).toMatchObject({
      provider_type: 'github',
      client_id: 'cli-client',
    });
    expect(set.stdout).not.toContain('cli-secret');

    const after = await githubStart(credentials.public_token);
    expect(after.origin + after.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(after.searchParams.get('client_id')).toBe('cli-client');

    // A mistake is refused with the API's message and the usage exit code, changing nothing.
    const bad = await cli('project', 'show', 'project-test-missing');
    expect([bad.code, bad.stderr.trim()]).toEqual([2, 'No project project-test-missing.']);
    expect((await githubStart(credentials.public_token)).searchParams.get('client_id')).toBe('cli-client');
  }, 300_000);

  it('`operator-key create` mints a key that then works over --url as LATCHKEY_OPERATOR_KEY', async () => {
    const created = await cli('operator-key', 'create', '--name', 'CI');
    expect([created.code, created.stderr]).toEqual([0, '']);
    const { key_id, secret } = JSON.parse(created.stdout) as { key_id: string; secret: string };
    expect(secret).toMatch(/^operator-secret-/);
    const listOverUrl = () =>
      cliWith({ LATCHKEY_OPERATOR_KEY: secret }, 'project', 'list', '--url', `http://localhost:${port}`);
    const listed = await listOverUrl();
    expect([listed.code, listed.stderr]).toEqual([0, '']);
    expect((JSON.parse(listed.stdout) as { projects: unknown[] }).projects.length).toBeGreaterThan(0);
    expect((await cli('operator-key', 'revoke', key_id)).code).toBe(0);
    const refused = await listOverUrl();
    expect([refused.code, refused.stderr.trim()]).toEqual([1, 'The operator key is unknown or revoked.']);
  }, 300_000);

  it('`project update` sets and clears the senders on the running provider; a bad one exits 2 naming it', async () => {
    const { project_id: projectId } = JSON.parse(readFileSync(join(dataDir, 'dev-project.json'), 'utf8')) as {
      project_id: string;
    };
    const set = await cli(
      'project',
      'update',
      '--email-sender-name',
      'Acme Support',
      '--email-sender-address',
      'support@acme.test',
      '--sms-sender',
      'Acme',
    );
    expect([set.code, set.stderr]).toEqual([0, '']);
    expect(JSON.parse(set.stdout)).toMatchObject({
      project_id: projectId,
      email_sender_name: 'Acme Support',
      email_sender_address: 'support@acme.test',
      sms_sender: 'Acme',
    });
    const bad = await cli('project', 'update', '--sms-sender', 'Acme!');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^Bad sms_sender "Acme!"/);
    const cleared = await cli('project', 'update', projectId, '--sms-sender', '');
    expect([cleared.code, cleared.stderr]).toEqual([0, '']);
    expect(JSON.parse(cleared.stdout)).toMatchObject({ email_sender_name: 'Acme Support', sms_sender: null });
  }, 300_000);
});

/**
 * Issue 23, as a deployment sees it: the built provider (dist/main.js) in a child process refuses a
 * bad production environment with a message and exit code 1, and on SIGTERM under load drains
 * (/readyz 503), finishes every request it accepted before the signal, refuses new connections
 * rather than leaving them hanging, and exits 0.
 * Not with TEST_DATABASE_URL: these processes run on a PGlite data directory whatever it says,
 * so the PostgreSQL run would repeat the PGlite one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltProviderProcess, buildProvider, spawnBuiltProvider } from '../test/built-provider.js';
import { freePort } from '../test/free-port.js';
import { testDatabaseUrl } from '../test/test-database.js';

describe.skipIf(testDatabaseUrl)('the built provider process', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-main-process-'));
    buildProvider();
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('a bad production environment', () => {
    it('is refused before anything opens, naming each variable, with exit code 1', async () => {
      const provider = spawnBuiltProvider(
        {
          NODE_ENV: 'production',
          HOST: '0.0.0.0',
          PORT: String(await freePort()),
          LATCHKEY_DATA_DIR: join(dir, 'refused'),
          LATCHKEY_PUBLIC_URL: 'http://auth.example.com',
          SMTP_URL: 'smtp://mail.example.com:587',
        },
        dir,
      );
      expect(await provider.exited).toBe(1);
      const output = provider.output();
      expect(output).toContain('latchkey-provider failed to start: NODE_ENV=production refuses to start:');
      expect(output).toMatch(
        /LATCHKEY_PUBLIC_URL must be the https:\/\/ address .*got "http:\/\/auth\.example\.com"/,
      );
      expect(output).toMatch(/LATCHKEY_KEY_ENCRYPTION_SECRET is unset: set it to/);
      expect(output).toMatch(/HOST=0\.0\.0\.0 listens beyond loopback, so LATCHKEY_TRUSTED_PROXIES must/);
      expect(output).not.toMatch(/SMTP_URL is required|database ready/);
    });
  });

  /** What happened to one request of the load. */
  interface Outcome {
    /** Sent before the test sent SIGTERM. */
    beforeSignal: boolean;
    /** `ok`, `status 503`, or `error <code>` (ECONNREFUSED, UND_ERR_SOCKET, TimeoutError…). */
    result: string;
  }

  function resultOf(error: unknown): string {
    const cause = (error as { cause?: { code?: string } }).cause;
    return `error ${cause?.code ?? (error as Error).name}`;
  }

  describe('SIGTERM under load', () => {
    let provider: BuiltProviderProcess;
    let url: string;

    beforeAll(async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      provider = spawnBuiltProvider(
        {
          PORT: String(port),
          LATCHKEY_DATA_DIR: join(dir, 'shutdown'),
          LOG_LEVEL: 'info',
          LATCHKEY_REQUEST_LOG: 'debug',
          // A balancer's time to see /readyz fail; the grace is a bound that is never reached here.
          LATCHKEY_SHUTDOWN_DRAIN_SECONDS: '1',
          LATCHKEY_SHUTDOWN_GRACE_SECONDS: '60',
        },
        dir,
      );
      for (;;) {
        if (provider.child.exitCode !== null) throw new Error(`the provider exited:\n${provider.output()}`);
        const ready = await fetch(`${url}/readyz`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ready) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    afterAll(() => {
      if (provider?.child.exitCode === null) provider.child.kill('SIGKILL');
    });

    it('finishes every request sent before the signal, refuses later connections, and exits 0', async () => {
      const { project_id, secret } = JSON.parse(
        readFileSync(join(dir, 'shutdown', 'dev-project.json'), 'utf8'),
      );
      const authorization = `Basic ${Buffer.from(`${project_id}:${secret}`).toString('base64')}`;
      const post = (path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          // A hang is a failure: a refused or drained connection answers at once.
          signal: AbortSignal.timeout(20_000),
        });
      // One account per worker: a login attempt is counted until it succeeds, so parallel sign-ins
      // to one account would meet its failed-login delay.
      const accounts = await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          const credentials = {
            email: `shutdown-${index}@example.com`,
            password: 'correct horse battery staple 42 zebra',
          };
          const created = await post('/v1/passwords', { ...credentials, session_duration_minutes: 60 });
          expect(created.status).toBe(200);
          const { session_token } = (await created.json()) as { session_token: string };
          return { credentials, session_token };
        }),
      );

      const outcomes: Outcome[] = [];
      let signalled = false;
      let enoughLoad: () => void = () => {};
      const loaded = new Promise<void>((resolve) => {
        enoughLoad = resolve;
      });
      const worker = async (index: number) => {
        const { credentials, session_token } = accounts[index] as (typeof accounts)[number];
        for (let n = 0; provider.child.exitCode === null; n += 1) {
          const beforeSignal = !signalled;
          // Mostly session checks, with argon2id sign-ins in between: those are the slow requests in flight.
          const request =
            (n + index) % 4 === 0
              ? post('/v1/passwords/authenticate', { ...credentials, session_duration_minutes: 60 })
              : post('/v1/sessions/authenticate', { session_token });
          const result = await request.then(async (response) => {
            await response.arrayBuffer();
            return response.ok ? 'ok' : `status ${response.status}`;
          }, resultOf);
          outcomes.push({ beforeSignal, result });
          if (outcomes.length >= 60) enoughLoad();
          if (result === 'error ECONNREFUSED') return;
        }
      };
      const workers = accounts.map((_, index) => worker(index));
      await loaded;

      signalled = true;
      provider.child.kill('SIGTERM');
      // Readiness flips first, while requests are still being served.
      let readiness = '';
      while (readiness !== 'draining' && provider.child.exitCode === null) {
        readiness = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(20_000) }).then(
          async (response) => ((await response.json()) as { status: string }).status,
          resultOf,
        );
        if (readiness.startsWith('error')) break;
      }
      expect(readiness).toBe('draining');

      await Promise.all(workers);
      const code = await provider.exited;

      const before = outcomes.filter((outcome) => outcome.beforeSignal);
      const after = outcomes.filter((outcome) => !outcome.beforeSignal);
      expect(before.length).toBeGreaterThanOrEqual(60);
      expect(before.filter((outcome) => outcome.result !== 'ok')).toEqual([]);
      // Served during the drain, then refused once the listener closed; none hung or failed otherwise.
      expect(after.some((outcome) => outcome.result === 'ok')).toBe(true);
      expect(after.some((outcome) => outcome.result === 'error ECONNREFUSED')).toBe(true);
      const allowedAfter = [
        'ok',
        'status 503',
        'error ECONNREFUSED',
        'error UND_ERR_SOCKET',
        'error ECONNRESET',
      ];
      expect(after.filter((outcome) => !allowedAfter.includes(outcome.result))).toEqual([]);
      expect(code, provider.output()).toBe(0);
      expect(provider.output()).toContain('"msg":"shut down"');
      // Nothing listens any more: a connection is refused at once.
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      const refused = await new Promise<string>((resolve) => {
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        socket.once('connect', () => resolve('connected'));
      });
      socket.destroy();
      expect(refused).toBe('ECONNREFUSED');
    });
  });
});

// A throwaway PgBouncer on loopback in transaction pooling mode, in front of a PostgreSQL server
// (the test cluster): the provider's "works behind a transaction-pooling proxy" test runs through it.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres.mjs';

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path));

/** Resolves once something accepts connections on `port`, rejects after `timeoutMs`. */
async function waitForPort(port, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error('pgbouncer exited while starting');
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts pgbouncer with `pool_mode = transaction` in front of `serverUrl` (trust authentication,
 * as the test cluster uses). Every database name is passed through to the server; at most
 * `poolSize` server connections per (database, user), so clients really share them.
 * `ignoreStartupParameters`: more startup parameters to accept and drop, as a deployment may
 * configure (statement_timeout lets a provider without LATCHKEY_DATABASE_DIRECT_URL connect).
 * Returns `url(database)` for clients and `stop()`.
 */
export async function startTestPgbouncer(serverUrl, { poolSize = 3, ignoreStartupParameters = [] } = {}) {
  if (!PGBOUNCER)
    throw new Error('pgbouncer not found (scripts/system-deps.sh installs it: apt-get install pgbouncer)');
  const server = new URL(serverUrl);
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(server.username);
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      'max_client_conn = 500',
      // The one startup parameter the provider may send; PgBouncer refuses unknown ones.
      `ignore_startup_parameters = ${['extra_float_digits', ...ignoreStartupParameters].join(',')}`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  // pgbouncer refuses to run as root; run it as the PostgreSQL package's user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  else chmodSync(dir, 0o700);
  const command = asRoot ? ['runuser', '-u', 'postgres', '--', PGBOUNCER] : [PGBOUNCER];
  const child = spawn(command[0], [...command.slice(1), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    await waitForPort(port, 30_000, () => exited);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error.message}: ${stderr}`);
  }
  return {
    port,
    /** A client URL for `database` through the bouncer. */
    url(database = server.pathname.slice(1) || 'postgres') {
      const url = new URL(serverUrl);
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    /** Stops pgbouncer and removes its files. */
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A throwaway PostgreSQL cluster on loopback for the provider's database-matrix tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin/initdb')));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** A loopback port nobody listens on now (the cluster and the pooler take one each). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A test cluster needs no crash safety: without fsyncs, commit flushes and full-page images the
 * provider suite on PostgreSQL took 15 % less time (about 390 s against 465 s, two runs each, same
 * machine). A clean stop (`pg_ctl stop`, as the readiness tests do) still writes everything.
 * Benchmarks keep PostgreSQL's defaults (`crashSafe`), as a production server would run.
 */
const WITHOUT_CRASH_SAFETY = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';

/** Starts a cluster in a temp dir; returns its URL and a stop function. */
export async function startTestPostgres({ crashSafe = false } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-pg-'));
  // PostgreSQL refuses to run as root; run it as the package's `postgres` user then.
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asUser.length)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    );
  const exec = (tool, args) => {
    const [cmd, ...rest] = [...asUser, join(bin, tool), ...args];
    const result = spawnSync(cmd, rest, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  const data = join(dir, 'data');
  const port = await freePort();
  exec('initdb', ['-D', data, '-A', 'trust', '-U', 'latchkey', '--no-sync', '-E', 'UTF8']);
  const startServer = () =>
    exec('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c max_connections=200 ${crashSafe ? '' : WITHOUT_CRASH_SAFETY}`,
      'start',
    ]);
  startServer();
  return {
    url: `postgres://latchkey@127.0.0.1:${port}/postgres`,
    /** Stops the server and keeps its data, as a database restart or outage does (readiness tests). */
    stopServer() {
      exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    /** Starts it again on the same port and data; returns once it accepts connections. */
    startServer,
    stop() {
      try {
        exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A PostgreSQL database for the provider under test. By default the bench starts its own
 * throwaway cluster on loopback with the same helper the tests use (scripts/postgres.mjs), so a
 * run compares PGlite and PostgreSQL on the same machine without setup; BENCH_DATABASE_URL names
 * an existing database instead (one you created for the bench: the provider migrates it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startTestPostgres } from '../../scripts/postgres.mjs';

/**
 * @returns {Promise<{ url: string, origin: string, postmasterPid: number | undefined, stop: () => Promise<void> }>}
 */
export async function startBenchPostgres() {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    return { url: external, origin: 'BENCH_DATABASE_URL', postmasterPid: undefined, stop: async () => {} };
  }
  // With fsync and commit flushes, as a production server runs.
  const cluster = await startTestPostgres({ crashSafe: true });
  const stopCluster = () => cluster.stop();
  // On Ctrl-C or an error the cluster must not outlive the bench.
  process.once('exit', stopCluster);
  return {
    url: cluster.url,
    origin: 'a throwaway cluster started by the bench',
    postmasterPid: postmasterPidOf(new URL(cluster.url).port),
    stop: async () => {
      process.off('exit', stopCluster);
      stopCluster();
    },
  };
}

/**
 * pg_ctl detaches the postmaster from the bench's process tree; find it by its port so the
 * foreign-CPU meter can count the cluster's work as the bench's own.
 */
function postmasterPidOf(port) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const portIndex = args.indexOf('-p');
      if (/(^|\/)postgres$/.test(args[0]) && portIndex > 0 && args[portIndex + 1] === String(port))
        return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

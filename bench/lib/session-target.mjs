/**
 * One provider ready for session checks: started on PGlite or on PostgreSQL (a cluster the bench
 * starts, or BENCH_DATABASE_URL), a fresh user signed in the way the widget does it, and the
 * `POST /sdk/v1/sessions/authenticate` request that checks that session, probed once so a
 * broken provider is reported before any load is put on it.
 */
import { startBenchPostgres } from './postgres-cluster.mjs';
import { startProvider } from './provider-process.mjs';
import { sdkHeaders, signInWithMagicLink } from './sign-in.mjs';

export const databaseLabels = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** BENCH_DATABASES, e.g. `pglite,postgres` (the default) or `postgres`. */
export function databasesFromEnv() {
  const raw = process.env.BENCH_DATABASES || 'pglite,postgres';
  const databases = raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of databases)
    if (!(name in databaseLabels))
      throw new Error(`BENCH_DATABASES: unknown database ${name} (pglite, postgres)`);
  return databases;
}

/**
 * @param {'pglite' | 'postgres'} database
 * @param {{ sessionMinutes: number, log?: (line: string) => void }} options
 * @returns {Promise<{ database: string, label: string, request: { url: string, method: string, headers: Record<string, string>, body: string }, bodyBytes: number, pid: number, ownPids: number[], stop: () => Promise<void> }>}
 */
export async function startSessionTarget(database, { sessionMinutes, log = console.log }) {
  const label = databaseLabels[database];
  let postgres;
  if (database === 'postgres') {
    postgres = await startBenchPostgres();
    log(`PostgreSQL: ${postgres.origin}`);
  }
  let provider;
  try {
    provider = await startProvider({ databaseUrl: postgres?.url ?? null });
    const { sessionToken } = await signInWithMagicLink(provider.url, provider.project, {
      sessionDurationMinutes: sessionMinutes,
    });
    const request = {
      url: `${provider.url}/sdk/v1/sessions/authenticate`,
      method: 'POST',
      headers: sdkHeaders(provider.project.public_token, sessionToken),
      body: '{}',
    };
    const probe = await fetch(request.url, { ...request, signal: AbortSignal.timeout(10_000) });
    const probeBody = await probe.text();
    if (probe.status !== 200) throw new Error(`sessions/authenticate answered ${probe.status}: ${probeBody}`);
    const stop = async () => {
      await provider.stop();
      await postgres?.stop();
    };
    return {
      database,
      label,
      request,
      bodyBytes: Buffer.byteLength(probeBody),
      pid: provider.pid,
      ownPids: postgres?.postmasterPid ? [postgres.postmasterPid] : [],
      stop,
    };
  } catch (error) {
    await provider?.stop();
    await postgres?.stop();
    throw error;
  }
}

#!/usr/bin/env node
/**
 * Password logins per second of the provider built in-process (`buildApp` from
 * apps/provider/dist, PGlite in memory, production argon2id m = 19 MiB, t = 2, p = 1), and the
 * share of that time argon2 takes: the same number of bare `verify` calls at the same
 * concurrency, timed alone, divided by the time of the logins. A fixed number of logins
 * (BENCH_PASSWORD_LOGINS, default 200) at BENCH_PASSWORD_CONCURRENCY (default 4), spread over a
 * few accounts, all through `app.inject` (no sockets). It prints figures and never fails on them
 * (exit 1 only if it could not measure).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildProvider, repoRoot } from './lib/provider-process.mjs';
import { sdkHeaders } from './lib/sign-in.mjs';

const logins = wholeNumber('BENCH_PASSWORD_LOGINS', 200);
const concurrency = wholeNumber('BENCH_PASSWORD_CONCURRENCY', 4);
const ACCOUNTS = 8;
const PASSWORD = 'bench-violet-harbour-kettle-73';

function wholeNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

const load = (path) => import(pathToFileURL(join(repoRoot, 'apps/provider/dist', path)).href);

/** Runs `count` calls of `task(i)` with at most `width` in flight; returns the elapsed ms and each call's ms. */
async function timed(count, width, task) {
  const durations = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      durations.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return { elapsedMs: performance.now() - started, durations: durations.sort((a, b) => a - b) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs the bench and returns its figures; used by bench/run.mjs as well. */
export async function benchPasswordLogin({ log = console.log } = {}) {
  log(
    `password-login: ${logins} logins, concurrency ${concurrency}, ${ACCOUNTS} accounts, in-process on PGlite`,
  );
  buildProvider();
  const [
    { buildApp },
    { systemClock },
    { connectDatabase },
    { migrateToLatest },
    hasherModule,
    outbox,
    projects,
    random,
  ] = await Promise.all([
    load('app.js'),
    load('clock.js'),
    load('db/connect.js'),
    load('db/migrate.js'),
    load('crypto/password-hasher.js'),
    load('email/outbox-mailer.js'),
    load('features/projects/projects.service.js'),
    load('random.js'),
  ]);
  const database = await connectDatabase({ kind: 'pglite-memory' });
  const deps = { clock: systemClock, random: random.cryptoRandom };
  let app;
  try {
    await migrateToLatest(database.db);
    const mailer = outbox.createOutboxMailer({
      db: database.db,
      ...deps,
      from: 'bench@localhost',
      outboxUrl: 'http://127.0.0.1/dev/outbox',
      announce: () => {},
    });
    const parameters = hasherModule.PRODUCTION_ARGON2;
    app = buildApp(
      {
        mode: 'development',
        issuer: 'stytch.com',
        keyEncryptionSecret: 'bench-key-secret',
        trustProxy: false,
      },
      { db: database.db, ...deps, mailer, passwordHasher: hasherModule.createPasswordHasher({ parameters }) },
    );
    await app.ready();
    const { credentials } = await projects.createProject(database.db, deps, { name: 'Bench', isDev: true });
    const post = async (path, body) => {
      const response = await app.inject({
        method: 'POST',
        url: `/sdk/v1${path}`,
        headers: sdkHeaders(credentials.public_token),
        remoteAddress: '127.0.0.1',
        payload: body,
      });
      if (response.statusCode !== 200)
        throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
      return response;
    };
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench-${i}@example.com`);
    for (const email of emails) await post('/passwords', { email, password: PASSWORD });
    const login = (i) => post('/passwords/authenticate', { email: emails[i % ACCOUNTS], password: PASSWORD });
    log('warming up…');
    await timed(ACCOUNTS, concurrency, login);

    log('measuring full logins…');
    const full = await timed(logins, concurrency, login);
    // The same argon2id verifications alone, through a hasher of its own with the same limits.
    const stored = await database.db.selectFrom('passwords').select('hash').executeTakeFirstOrThrow();
    const bare = hasherModule.createPasswordHasher({ parameters });
    log('measuring argon2id verify alone…');
    const hashOnly = await timed(logins, concurrency, async () => {
      if (!(await bare.verify(stored.hash, PASSWORD))) throw new Error('verify failed');
    });
    return {
      logins,
      concurrency,
      argon2: parameters,
      loginsPerSecond: logins / (full.elapsedMs / 1000),
      loginP50Ms: percentile(full.durations, 50),
      loginP99Ms: percentile(full.durations, 99),
      verifiesPerSecond: logins / (hashOnly.elapsedMs / 1000),
      verifyP50Ms: percentile(hashOnly.durations, 50),
      argon2Share: hashOnly.elapsedMs / full.elapsedMs,
    };
  } finally {
    await app?.close();
    await database.close();
  }
}

/** Prints the figures. */
export function printPasswordLoginFigures(f, log = console.log) {
  const { memoryCost, timeCost, parallelism } = f.argon2;
  log('');
  log(
    `argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}, ${f.logins} logins at concurrency ${f.concurrency}`,
  );
  log(
    `password logins     ${f.loginsPerSecond.toFixed(1).padStart(7)} /s   p50 ${f.loginP50Ms.toFixed(1)} ms   p99 ${f.loginP99Ms.toFixed(1)} ms`,
  );
  log(
    `argon2id verify     ${f.verifiesPerSecond.toFixed(1).padStart(7)} /s   p50 ${f.verifyP50Ms.toFixed(1)} ms (alone)`,
  );
  log(`share of login time in argon2id: ${(f.argon2Share * 100).toFixed(0)} %`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    printPasswordLoginFigures(await benchPasswordLogin());
  } catch (error) {
    console.error(`password-login could not run: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}

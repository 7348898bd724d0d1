#!/usr/bin/env node
/**
 * What one recovery-code attempt and one issue of ten codes cost in argon2id, as a ratio to one
 * password-login verification, with the provider's own hashers and production parameters
 * (RECOVERY_CODE_ARGON2 against PRODUCTION_ARGON2). It guards the claim in
 * features/totps/recovery-code-at-rest.ts and docs/provider-api.md ("Recovery codes") that an
 * attempt costs about a tenth of a login and an issue about one login: re-run it when either set
 * of parameters changes. Calls run one at a time, the kinds interleaved round by round so a busy
 * machine slows them alike; it prints medians and never fails on them (exit 1 only if it could
 * not measure).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printBenchRows } from './lib/bench-rows.mjs';
import { buildProvider, repoRoot } from './lib/provider-process.mjs';

const rounds = Number(process.env.BENCH_RECOVERY_ROUNDS ?? 60);
const load = (path) => import(pathToFileURL(join(repoRoot, 'apps/provider/dist', path)).href);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs the bench and returns the medians in ms and their ratios to a login verification. */
export async function benchRecoveryCodeHash({ log = console.log } = {}) {
  buildProvider();
  const [
    { createPasswordHasher, PRODUCTION_ARGON2 },
    { RECOVERY_CODE_ARGON2 },
    { mintRecoveryCodes },
    random,
  ] = await Promise.all([
    load('crypto/password-hasher.js'),
    load('features/totps/recovery-code-at-rest.js'),
    load('features/totps/recovery-codes.js'),
    load('random.js'),
  ]);
  const passwords = createPasswordHasher({ parameters: PRODUCTION_ARGON2 });
  const codes = createPasswordHasher({ parameters: RECOVERY_CODE_ARGON2 });
  const password = 'bench-violet-harbour-kettle-73';
  const storedPassword = await passwords.hash(password);
  const [code] = mintRecoveryCodes(random.cryptoRandom);
  const storedCode = await codes.hash(code);
  const wrongCode = `${code.slice(0, -1)}${code.endsWith('a') ? 'b' : 'a'}`;
  await codes.dummyVerify(code); // makes the dummy hash once, as the provider's first attempt does

  const kinds = {
    'login verify (password)': async () => passwords.verify(storedPassword, password),
    'recovery code, right': async () => codes.verify(storedCode, code),
    'recovery code, wrong': async () => codes.verify(storedCode, wrongCode),
    'recovery code, no such selector (dummy)': async () => codes.dummyVerify(wrongCode),
    'issue of ten codes (hash ×10, in parallel)': async () =>
      Promise.all(mintRecoveryCodes(random.cryptoRandom).map((c) => codes.hash(c))),
  };
  log(`recovery-code-hash: ${rounds} rounds, interleaved`);
  const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [kind, run] of Object.entries(kinds)) {
      const started = performance.now();
      await run();
      times[kind].push(performance.now() - started);
    }
  }
  if (!(await codes.verify(storedCode, code)) || (await codes.verify(storedCode, wrongCode)))
    throw new Error('the recovery-code hasher does not verify as expected');
  const login = median(times['login verify (password)']);
  return {
    passwordArgon2: PRODUCTION_ARGON2,
    recoveryArgon2: RECOVERY_CODE_ARGON2,
    rows: Object.entries(times).map(([kind, values]) => ({
      kind,
      medianMs: median(values),
      ratio: median(values) / login,
    })),
  };
}

/** Prints the figures. */
export function printRecoveryCodeHashFigures(f, log = console.log) {
  const p = (a) => `m=${a.memoryCost} KiB t=${a.timeCost} p=${a.parallelism}`;
  log(`password argon2id ${p(f.passwordArgon2)}; recovery-code argon2id ${p(f.recoveryArgon2)}`);
  for (const row of f.rows)
    log(`${row.kind.padEnd(44)} ${row.medianMs.toFixed(2).padStart(8)} ms   ${row.ratio.toFixed(3)} × login`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const figures = await benchRecoveryCodeHash();
    printRecoveryCodeHashFigures(figures);
    const login = figures.rows.find((row) => row.kind.startsWith('login'));
    printBenchRows(
      ['recovery code, wrong', 'issue of ten codes'].map((start) => {
        const row = figures.rows.find((r) => r.kind.startsWith(start));
        return {
          measure: `${row.kind}, median`,
          latchkey: row.medianMs,
          unit: 'ms',
          reference: 'one password-login argon2id verify',
          referenceValue: login.medianMs,
          ratio: row.ratio,
        };
      }),
    );
  } catch (error) {
    console.error(`recovery-code-hash could not run: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}

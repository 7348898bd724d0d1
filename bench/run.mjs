#!/usr/bin/env node
/**
 * Runs every bench and prints one summary table, so a change's effect on bundle weight, on
 * the provider's hottest route, on password-login throughput and on recovery-code hashing can be quoted in a PR. Figures never fail the run; only the
 * bundle bleed check does (exit 1), and so does a bench that could not measure at all.
 */
import { benchBundleSize, printBundleFigures } from './bundle-size.mjs';
import { benchPasswordLogin, printPasswordLoginFigures } from './password-login.mjs';
import { benchRecoveryCodeHash, printRecoveryCodeHashFigures } from './recovery-code-hash.mjs';
import { benchSessionAuthenticate, formatRatio, printSessionFigures } from './session-authenticate.mjs';

const summary = [];
let failed = false;

console.log('== bundle size ==');
const bundles = await benchBundleSize();
printBundleFigures(bundles);
for (const row of bundles.rows) {
  summary.push([
    row.name,
    row.sizes ? `${row.sizes.raw} B raw, ${row.sizes.gzip} B gzip, ${row.sizes.brotli} B br` : 'n/a',
  ]);
}
summary.push([
  'client bleed check',
  bundles.bleed.length === 0 ? 'ok' : `FAILED (${bundles.bleed.length} hits)`,
]);
if (bundles.bleed.length > 0) failed = true;

console.log('\n== session authenticate ==');
try {
  const session = await benchSessionAuthenticate();
  printSessionFigures(session);
  const fmt = (f) => `${f.requestsPerSecond.toFixed(0)} req/s, p99 ${f.p99Ms < 1 ? '<1' : f.p99Ms} ms`;
  summary.push(['provider sessions/authenticate', fmt(session.provider)]);
  summary.push(['bare node:http (same body size)', fmt(session.bare)]);
  summary.push([
    'provider / bare',
    `${formatRatio(session.throughputRatio)} throughput, ${session.p99RatioIsLowerBound ? '≥' : ''}${formatRatio(session.p99Ratio)} p99`,
  ]);
} catch (error) {
  console.error(`session-authenticate could not run: ${error instanceof Error ? error.message : error}`);
  summary.push(['session authenticate', 'could not run']);
  failed = true;
}

console.log('\n== password login ==');
try {
  const passwords = await benchPasswordLogin();
  printPasswordLoginFigures(passwords);
  summary.push([
    'password logins (in-process, PGlite)',
    `${passwords.loginsPerSecond.toFixed(1)} /s at concurrency ${passwords.concurrency}, p99 ${passwords.loginP99Ms.toFixed(0)} ms`,
  ]);
  summary.push(['share of login time in argon2id', `${(passwords.argon2Share * 100).toFixed(0)} %`]);
} catch (error) {
  console.error(`password-login could not run: ${error instanceof Error ? error.message : error}`);
  summary.push(['password login', 'could not run']);
  failed = true;
}

console.log('\n== recovery-code hash ==');
try {
  const recovery = await benchRecoveryCodeHash();
  printRecoveryCodeHashFigures(recovery);
  const ratioOf = (start) => recovery.rows.find((r) => r.kind.startsWith(start))?.ratio.toFixed(3);
  summary.push([
    'recovery code vs login argon2id',
    `attempt ${ratioOf('recovery code, wrong')} ×, issue of ten ${ratioOf('issue')} ×`,
  ]);
} catch (error) {
  console.error(`recovery-code-hash could not run: ${error instanceof Error ? error.message : error}`);
  summary.push(['recovery-code hash', 'could not run']);
  failed = true;
}

console.log('\n== summary ==');
const width = Math.max(...summary.map(([name]) => name.length));
for (const [name, value] of summary) console.log(`${name.padEnd(width)}  ${value}`);
if (failed) process.exitCode = 1;

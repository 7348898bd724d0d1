#!/usr/bin/env node
/**
 * Runs every bench and prints one summary table, so a change's effect on bundle weight and on
 * the provider's hottest route can be quoted in a PR. Figures never fail the run; only the
 * bundle bleed check does (exit 1), and so does a bench that could not measure at all.
 */
import { benchBundleSize, printBundleFigures } from './bundle-size.mjs';
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

console.log('\n== summary ==');
const width = Math.max(...summary.map(([name]) => name.length));
for (const [name, value] of summary) console.log(`${name.padEnd(width)}  ${value}`);
if (failed) process.exitCode = 1;

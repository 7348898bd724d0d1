/**
 * The suite's own arithmetic, which no run can check by eye: the BENCH_ROWS contract the runner
 * reads, the round medians' table, and the memory figure. Run with `node --test bench/` (no vitest project covers bench/).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printRoundMedians } from './alternating-rounds.mjs';
import { formatNumber, formatRatio, median, parseBenchRows } from './bench-rows.mjs';
import { growthPerCheck, keptPerCheck } from './rss-growth.mjs';

test('the runner reads the last BENCH_ROWS line and ignores everything else', () => {
  const output = [
    'figures…',
    'BENCH_ROWS [{"measure":"old","latchkey":1,"unit":"x"}]',
    'more figures',
    'BENCH_ROWS [{"measure":"a","latchkey":2,"unit":"req/s","ratio":0.5},{"latchkey":3}]',
    '',
  ].join('\n');
  assert.deepEqual(parseBenchRows(output), [{ measure: 'a', latchkey: 2, unit: 'req/s', ratio: 0.5 }]);
});

test('no rows, or rows that are not JSON, read as not measured', () => {
  assert.equal(parseBenchRows('figures only\n'), null);
  assert.equal(parseBenchRows('BENCH_ROWS {not json'), null);
  assert.equal(parseBenchRows('BENCH_ROWS {"measure":"a"}'), null);
});

test('figures are printed with three significant digits below 100 and whole above', () => {
  assert.equal(formatNumber(38_712.4), '38 712');
  assert.equal(formatNumber(0.051234), '0.0512');
  assert.equal(formatNumber(Number.NaN), '—');
  assert.equal(formatRatio(0.30049), '0.3×');
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2.5);
});

test('the round medians print one aligned row per target, with statuses and contaminated rounds only when there are some', () => {
  const figures = (fields) => ({
    rounds: [{}, {}, {}],
    requestsPerSecond: 1234.4,
    p50Ms: 1.234,
    p99Ms: 12.5,
    non2xx: 0,
    errors: 0,
    statusCodes: { 200: 100 },
    contaminatedRounds: 0,
    ...fields,
  });
  const results = new Map([
    ['bare', figures({})],
    ['provider', figures({ non2xx: 2, statusCodes: { 200: 98, 503: 2 }, contaminatedRounds: 1 })],
  ]);
  const lines = [];
  printRoundMedians(results, 3, (line) => lines.push(line));
  assert.deepEqual(lines, [
    '',
    'medians of 3 rounds',
    'bare         1234 req/s   p50  1.23 ms   p99  12.5 ms   non-2xx 0   errors 0',
    'provider     1234 req/s   p50  1.23 ms   p99  12.5 ms   non-2xx 2   errors 0   contaminated rounds 1/3',
    '  statuses: {"200":98,"503":2}',
  ]);
});

const MiB = 1024 * 1024;

test('memory that is kept raises the floor: growth per check from the floors of the first and last thirds', () => {
  // 1 KiB kept per check under a collector sawtooth of ±40 MiB.
  const samples = Array.from({ length: 9 }, (_, i) => ({
    checks: i * 10_000,
    rssBytes: 500 * MiB + i * 10_000 * 1024 + (i % 2 ? 40 * MiB : 0),
  }));
  const { bytesPerCheck, from, to } = growthPerCheck(samples);
  assert.equal(from.checks, 0);
  assert.equal(to.checks, 60_000);
  assert.equal(bytesPerCheck, 1024);
});

test('a sawtooth that is given back is flat', () => {
  const samples = Array.from({ length: 9 }, (_, i) => ({
    checks: i * 10_000,
    rssBytes: 500 * MiB + (i % 3) * 30 * MiB,
  }));
  assert.equal(growthPerCheck(samples).bytesPerCheck, 0);
});

test('what is kept per check comes from two readings of what survives, and is not measured without both', () => {
  assert.equal(keptPerCheck(60 * MiB, 60 * MiB + 100_000 * 512, 100_000), 512);
  assert.equal(keptPerCheck(60 * MiB, 55 * MiB, 10 * MiB), -0.5);
  assert.ok(Number.isNaN(keptPerCheck(undefined, 60 * MiB, 1000)));
  assert.ok(Number.isNaN(keptPerCheck(60 * MiB, undefined, 1000)));
  assert.ok(Number.isNaN(keptPerCheck(60 * MiB, 61 * MiB, 0)));
});

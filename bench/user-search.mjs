#!/usr/bin/env node
/**
 * User search latency at scale (issue 21: the console's users table and search-as-you-type):
 * the real provider (`node apps/provider/dist/main.js`, development mode) on PGlite and on
 * PostgreSQL, each seeded with BENCH_SEARCH_USERS users (default 100 000) through
 * `POST /dev/seed_users`, then `POST /v1/users/search` over HTTP:
 *
 * - exact: `email_address` of one user in the middle;
 * - prefix: `email_address_prefix` with the first characters of an address (what the console
 *   sends as the operator types; matches 10 users);
 * - partial: `email_address_fuzzy` with the same characters (contains: reads every address);
 * - first page / deep page: 50 users with their total, no filter, the first page and the page
 *   a cursor reaches after 20 pages (the table paging through);
 * - console first / console deep: the console's users table (25 users with their total, no
 *   filter), its first page and the page 90 % of the way through (the cursor reached in pages
 *   of 1000: a cursor names a position, whatever page size reached it).
 *
 * Each call is made BENCH_SEARCH_CALLS times (default 30) after 3 warm-up calls; medians and
 * p95 are printed with the foreign CPU of the run. The ceiling is an empty-body call of the same
 * route family (GET /v1/users/{unknown} → 404) on the same server: the HTTP and auth floor.
 * It never fails on time; its last line is `BENCH_ROWS [...]`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  formatNumber,
  formatRatio,
  median,
  numberFromEnv,
  printBenchRows,
  runWhenMain,
} from './lib/bench-rows.mjs';
import { formatCpu, startForeignCpuMeter } from './lib/foreign-cpu.mjs';
import { startBenchPostgres } from './lib/postgres-cluster.mjs';
import { startProvider } from './lib/provider-process.mjs';

const users = numberFromEnv('BENCH_SEARCH_USERS', 100_000, { integer: true });
const calls = numberFromEnv('BENCH_SEARCH_CALLS', 30, { integer: true });
const PREFIX = 'bench-';

function p95(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

async function call(url, path, { method = 'POST', authorization, body }) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await response.json();
  const ms = performance.now() - started;
  return { status: response.status, json, ms };
}

async function measure(run) {
  for (let i = 0; i < 3; i++) await run();
  const times = [];
  for (let i = 0; i < calls; i++) times.push((await run()).ms);
  return { medianMs: median(times), p95Ms: p95(times) };
}

async function measureTarget(name, databaseUrl, extraPids = []) {
  const provider = await startProvider({ databaseUrl });
  try {
    const operator = JSON.parse(await readFile(join(provider.dataDir, 'operator-key.json'), 'utf8'));
    const { project } = provider;
    const seedStarted = performance.now();
    const seeded = await call(provider.url, '/dev/seed_users', {
      authorization: `Bearer ${operator.secret}`,
      body: { project_id: project.project_id, count: users, email_prefix: PREFIX },
    });
    if (seeded.status !== 200) throw new Error(`seeding failed: ${JSON.stringify(seeded.json)}`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`${name}: seeded ${formatNumber(users)} users in ${formatNumber(seedSeconds)} s`);
    const authorization = `Basic ${Buffer.from(`${project.project_id}:${project.secret}`).toString('base64')}`;
    const digits = String(users).length;
    const middle = `${PREFIX}${String(Math.ceil(users / 2)).padStart(digits, '0')}@example.com`;
    const search = (body) => () => call(provider.url, '/v1/users/search', { authorization, body });
    const check = async (label, run, expectTotal) => {
      const { json } = await run();
      const total = json.results_metadata?.total;
      // The development project may hold a few users of its own besides the seeded ones.
      if (!(label === 'first page' ? total >= expectTotal : total === expectTotal))
        throw new Error(`${label}: total ${total}, expected ${expectTotal}`);
    };
    /** A page of 50 with one filter on the email address. */
    const byEmail = (filter_name, filter_value) =>
      search({ limit: 50, query: { operator: 'AND', operands: [{ filter_name, filter_value }] } });
    const stem = middle.slice(0, -'0@example.com'.length);
    const exact = byEmail('email_address', [middle]);
    const prefix = byEmail('email_address_prefix', stem);
    const partial = byEmail('email_address_fuzzy', stem);
    const firstPage = search({ limit: 50 });
    await check('exact', exact, 1);
    await check('prefix', prefix, 10);
    await check('partial', partial, 10);
    await check('first page', firstPage, users);
    let cursor;
    for (let page = 0; page < 20; page++)
      cursor = (await search({ limit: 50, ...(cursor ? { cursor } : {}) })()).json.results_metadata
        .next_cursor;
    const deepPage = search({ limit: 50, cursor });
    const consoleFirst = search({ limit: 25 });
    let deepCursor;
    for (let seen = 0; seen < Math.floor(users * 0.9); seen += 1000)
      deepCursor = (await search({ limit: 1000, ...(deepCursor ? { cursor: deepCursor } : {}) })()).json
        .results_metadata.next_cursor;
    const consoleDeep = search({ limit: 25, cursor: deepCursor });
    const floor = () =>
      call(provider.url, '/v1/users/user-test-00000000-0000-4000-8000-000000000000', {
        method: 'GET',
        authorization,
      });
    const stopMeter = startForeignCpuMeter(extraPids);
    const figures = {
      floor: await measure(floor),
      exact: await measure(exact),
      prefix: await measure(prefix),
      partial: await measure(partial),
      firstPage: await measure(firstPage),
      deepPage: await measure(deepPage),
      consoleFirst: await measure(consoleFirst),
      consoleDeep: await measure(consoleDeep),
    };
    const noise = stopMeter();
    console.log(`${name}: foreign CPU ${formatCpu(noise)}`);
    for (const [key, value] of Object.entries(figures))
      console.log(
        `  ${key.padEnd(12)} median ${formatNumber(value.medianMs)} ms  p95 ${formatNumber(value.p95Ms)} ms  (${formatRatio(value.medianMs / figures.floor.medianMs)} the floor)`,
      );
    return { name, figures, seedSeconds };
  } finally {
    await provider.stop();
  }
}

runWhenMain(import.meta.url, 'user-search', async () => {
  const results = [];
  results.push(await measureTarget('PGlite', null));
  const postgres = await startBenchPostgres();
  try {
    results.push(
      await measureTarget('PostgreSQL', postgres.url, postgres.postmasterPid ? [postgres.postmasterPid] : []),
    );
  } finally {
    await postgres.stop();
  }
  const rows = [];
  for (const { name, figures, seedSeconds } of results) {
    rows.push({ measure: `seed ${users} users (${name})`, latchkey: seedSeconds, unit: 's' });
    for (const key of ['exact', 'prefix', 'partial', 'firstPage', 'deepPage', 'consoleFirst', 'consoleDeep'])
      rows.push({
        measure: `user search ${key} among ${users} (${name}), median`,
        latchkey: figures[key].medianMs,
        unit: 'ms',
        reference: 'GET /v1/users/{unknown} on the same server',
        referenceValue: figures.floor.medianMs,
        ratio: figures[key].medianMs / figures.floor.medianMs,
      });
  }
  printBenchRows(rows);
});

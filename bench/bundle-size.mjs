#!/usr/bin/env node
/**
 * Bundle weight is a product goal (DESIGN.md: the script-tag widget should stay small; the
 * client should carry almost nothing beyond fetch and Web Crypto). This prints raw, gzip and
 * brotli bytes of the standalone widget, of each chunk it loads on demand (phone numbers, One Tap,
 * passkeys, the client methods a page's products call), the widget's **eager** weight (what an
 * email + password sign-in fetches before its first paint) and **total** weight (every file), each
 * @latchkey/client entry bundled and minified for browsers the way an integrator's bundler would,
 * and Hanko's prebuilt widget measured in the same run by the anchors' harness
 * (ANCHORS_DIR/bundle/build.mjs on PERF_DIR/bundle; deterministic). It guards one line that must
 * never be crossed: server or UI code bleeding into the client. The size figures never fail the
 * run; the bleed check exits 1 when the client bundle names react, kysely, argon2, zxcvbn or
 * fastify, whether as an imported module or as an identifier or string left in the code (after
 * jose's bundle-report.js). Its last line is `BENCH_ROWS [...]` (bench/README.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chunks, sizesOf } from '../packages/react/scripts/build-standalone.mjs';
import { repoRoot } from './lib/provider-process.mjs';

// LATCHKEY_STANDALONE_DIR: another build's files (say, the base branch's), for a before/after.
const standaloneDir = process.env.LATCHKEY_STANDALONE_DIR ?? join(repoRoot, 'packages/react/dist/standalone');
// The widget bundle, then the files it loads only when a page uses their feature.
const standaloneFiles = [
  { name: 'widget standalone (IIFE)', file: 'latchkey-widget.js' },
  ...chunks.map(({ file }) => ({ name: `  chunk ${file}`, file })),
];
// What an email + password sign-in (products ['passwords']) fetches before its first paint: the
// bundle alone; every chunk waits for a feature or comes after the paint (latchkey-screens.js is
// fetched right after it). bench/first-paint.mjs lists the chunk files its real page loads fetched.
export const EAGER_FILES = ['latchkey-widget.js'];
const clientEntries = [
  { name: '@latchkey/client', file: 'packages/client/src/index.ts' },
  { name: '@latchkey/client/errors', file: 'packages/client/src/errors.ts' },
  { name: '@latchkey/client/phone', file: 'packages/client/src/phone/index.ts' },
];
// typebox: @latchkey/wire's schemas are the provider's; browsers get its types only (issue 19).
const FORBIDDEN = ['react', 'kysely', 'argon2', 'zxcvbn', 'fastify', 'typebox'];
/**
 * What may not appear in the widget's files (bundle and chunks) either: the schema library. Its
 * name, and `~kind`, the key every TypeBox 1.x schema carries, so minified schema code is caught too.
 */
const WIDGET_FORBIDDEN = ['typebox'];
const WIDGET_FORBIDDEN_PATTERN = /(?<![A-Za-z0-9_$])(typebox)(?![A-Za-z0-9_$])|(~kind)/gi;
// A forbidden name standing alone or as a prefix of a package/identifier (`react-dom`,
// `reactDom`, `argon2id`, `@zxcvbn-ts`), but not inside an unrelated word.
const FORBIDDEN_PATTERN = new RegExp(
  `(?<![A-Za-z0-9_$])(${FORBIDDEN.join('|')})(?=$|[^a-z0-9_$]|Dom|DOM|id\\b|-)`,
  'gi',
);

/**
 * Bundles for browsers as the bench measures (source condition, ESM, minified) and returns the code
 * and the input paths. `entry` is esbuild's `entryPoints` or `stdin`, resolved from the repo root.
 */
export async function bundleForBrowser(entry) {
  const result = await build({
    ...entry,
    absWorkingDir: repoRoot,
    bundle: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

/** Every forbidden name found in the code or among the bundled input paths, with context. */
export function findBleed(code, inputs = []) {
  const hits = [];
  for (const input of inputs) {
    const name = FORBIDDEN.find((word) => new RegExp(`(^|/)@?${word}(?![a-z0-9])`, 'i').test(input));
    if (name) hits.push({ name, where: `bundled module ${input}` });
  }
  for (const match of code.matchAll(FORBIDDEN_PATTERN)) {
    const start = Math.max(0, match.index - 30);
    hits.push({ name: match[1].toLowerCase(), where: `…${code.slice(start, match.index + 40)}…` });
  }
  return hits;
}

/** Every TypeBox trace in a widget file's code, with context. */
export function findWidgetBleed(code) {
  const hits = [];
  for (const match of code.matchAll(WIDGET_FORBIDDEN_PATTERN)) {
    const start = Math.max(0, match.index - 30);
    hits.push({ name: 'typebox', where: `…${code.slice(start, match.index + 40)}…` });
  }
  return hits;
}

/** The peers' harnesses and their installs: ANCHORS_DIR (shared/ beside the checkout) and PERF_DIR. */
export function anchorPaths() {
  const anchors =
    process.env.ANCHORS_DIR ??
    [join(repoRoot, '../shared/anchors'), '/work/shared/anchors'].find((dir) => existsSync(dir));
  return { anchors, perf: process.env.PERF_DIR ?? '/work/perf' };
}

/**
 * Runs the anchors' bundle harness for `targets` (it writes each one's out-single/ build) and
 * returns its result rows, or `{ error }`. The harness rewrites its results file; the previous one
 * is put back so that other readers of PERF_DIR see what they saw.
 */
export function buildAnchorTargets(targets) {
  const { anchors, perf } = anchorPaths();
  const script = anchors && join(anchors, 'bundle/build.mjs');
  const work = join(perf, 'bundle');
  if (!script || !existsSync(script)) return { error: 'the anchors are not here (set ANCHORS_DIR)' };
  const missing = targets.filter((target) => !existsSync(join(work, target, 'node_modules')));
  if (missing.length > 0)
    return { error: `${missing.join(', ')} not installed in ${work} (run the anchors' setup.sh)` };
  const resultsFile = join(work, 'bundle-results.json');
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile) : undefined;
  try {
    const run = spawnSync(process.execPath, [script, work, ...targets], {
      encoding: 'utf8',
      cwd: dirname(script),
    });
    if (run.status !== 0 || !existsSync(resultsFile)) {
      return { error: `the anchors' bundle build failed: ${firstLine(run.stderr || run.stdout)}` };
    }
    return { rows: JSON.parse(readFileSync(resultsFile, 'utf8')).rows };
  } finally {
    if (previous) writeFileSync(resultsFile, previous);
  }
}

/** Hanko elements' weight, built now by the anchors' harness: `{ eager, single, versions }` or `{ error }`. */
export function measureHanko() {
  const built = buildAnchorTargets(['hanko']);
  if (built.error) return built;
  const row = built.rows.find((candidate) => candidate.target === 'hanko');
  if (!row || row.error) return { error: row?.error ?? 'no Hanko row' };
  return { eager: row.eager, single: row.single, versions: row.versions };
}

/** Sums of `{ raw, gzip, brotli }` (each file compressed alone, as it is served). */
function sumSizes(list) {
  return list.reduce(
    (sum, sizes) => ({
      raw: sum.raw + sizes.raw,
      gzip: sum.gzip + sizes.gzip,
      brotli: sum.brotli + sizes.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

/** Measures everything; used by bench/run.mjs as well (`hanko: false` skips the peer). */
export async function benchBundleSize({ hanko = true } = {}) {
  const rows = [];
  let bleed = [];
  const widgetFiles = [];
  for (const { name, file } of standaloneFiles) {
    const path = join(standaloneDir, file);
    const code = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    const sizes = code === undefined ? undefined : sizesOf(code);
    if (code !== undefined)
      bleed = bleed.concat(findWidgetBleed(code).map((hit) => ({ ...hit, entry: file })));
    rows.push({ name, file: relative(repoRoot, path), sizes });
    widgetFiles.push({ file, sizes });
  }
  // Total: the files there are (another build, say the base branch's, may have fewer chunks).
  const present = widgetFiles.filter((entry) => entry.sizes);
  const widget = EAGER_FILES.every((file) => present.some((entry) => entry.file === file))
    ? {
        eager: sumSizes(
          present.filter((entry) => EAGER_FILES.includes(entry.file)).map((entry) => entry.sizes),
        ),
        total: sumSizes(present.map((entry) => entry.sizes)),
      }
    : undefined;
  for (const entry of clientEntries) {
    if (!existsSync(join(repoRoot, entry.file))) {
      rows.push({ name: entry.name, file: entry.file, sizes: undefined, error: 'entry file missing' });
      continue;
    }
    try {
      const { code, inputs } = await bundleForBrowser({ entryPoints: [join(repoRoot, entry.file)] });
      rows.push({ name: `${entry.name} (esm, min)`, file: entry.file, sizes: sizesOf(code) });
      bleed = bleed.concat(findBleed(code, inputs).map((hit) => ({ ...hit, entry: entry.name })));
    } catch (error) {
      rows.push({ name: entry.name, file: entry.file, sizes: undefined, error: firstLine(error) });
    }
  }
  return { rows, bleed, widget, hanko: hanko ? measureHanko() : undefined };
}

function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').slice(0, 3).join(' ');
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const HANKO_GOAL = 0.8;
const round = (value, places) => Number(value.toFixed(places));

/** The rows of the BENCH_ROWS line (bench/README.md): gzip KiB, against Hanko where it was measured. */
export function bundleBenchRows({ rows, bleed, widget, hanko }) {
  const out = [];
  const peer = hanko && !hanko.error ? hanko : undefined;
  if (widget) {
    const eager = {
      measure: 'widget eager JS+CSS gzip (email + password sign-in)',
      latchkey: round(widget.eager.gzip / 1024, 1),
      unit: 'KiB',
    };
    if (peer) {
      const ratio = widget.eager.gzip / peer.eager.gzip;
      Object.assign(eager, {
        reference: 'Hanko elements (eager)',
        referenceValue: round(peer.eager.gzip / 1024, 1),
        ratio: round(ratio, 3),
        goal: `≤ ${HANKO_GOAL}× Hanko`,
        met: ratio <= HANKO_GOAL,
      });
    }
    out.push(eager);
    const total = {
      measure: 'widget total JS+CSS gzip (every chunk)',
      latchkey: round(widget.total.gzip / 1024, 1),
      unit: 'KiB',
    };
    if (peer) {
      Object.assign(total, {
        reference: 'Hanko elements (everything)',
        referenceValue: round(peer.single.gzip / 1024, 1),
        ratio: round(widget.total.gzip / peer.single.gzip, 3),
      });
    }
    out.push(total);
  }
  for (const row of rows) {
    if (row.sizes && row.name.includes('chunk')) {
      out.push({
        measure: `widget ${row.name.trim()} gzip`,
        latchkey: round(row.sizes.gzip / 1024, 2),
        unit: 'KiB',
      });
    } else if (row.sizes && row.name.startsWith('@latchkey/client')) {
      out.push({ measure: `${row.name} gzip`, latchkey: round(row.sizes.gzip / 1024, 2), unit: 'KiB' });
    }
  }
  out.push({
    measure: 'client and widget bleed check (forbidden names)',
    latchkey: bleed.length,
    unit: 'hits',
    goal: '0',
    met: bleed.length === 0,
  });
  return out;
}
const NAME_WIDTH = 44;

/** Prints the size table and the bleed verdict. */
export function printBundleFigures({ rows, bleed, widget, hanko }, log = console.log) {
  log(`${'bundle'.padEnd(NAME_WIDTH)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const row of rows) {
    if (!row.sizes) {
      log(`${row.name.padEnd(NAME_WIDTH)} ${row.error ?? `not built (${row.file}; run npm run build)`}`);
      continue;
    }
    const { raw, gzip, brotli } = row.sizes;
    log(
      `${row.name.padEnd(NAME_WIDTH)} ${kib(raw).padStart(10)} ${kib(gzip).padStart(10)} ${kib(brotli).padStart(10)}`,
    );
    log(
      `${''.padEnd(NAME_WIDTH)} ${String(raw).padStart(10)} ${String(gzip).padStart(10)} ${String(brotli).padStart(10)} bytes`,
    );
  }
  if (widget) {
    log(
      `widget eager (${EAGER_FILES.join(' + ')}): ${kib(widget.eager.gzip)} gzip, ${kib(widget.eager.raw)} raw`,
    );
    log(`widget total (bundle + every chunk): ${kib(widget.total.gzip)} gzip, ${kib(widget.total.raw)} raw`);
  }
  if (hanko?.error) log(`Hanko: not measured (${hanko.error})`);
  else if (hanko && widget) {
    log(
      `Hanko elements ${hanko.versions?.['@teamhanko/hanko-elements'] ?? ''} (anchors, same run): ` +
        `${kib(hanko.eager.gzip)} gzip eager, ${kib(hanko.single.gzip)} gzip total`,
    );
    log(
      `widget / Hanko: eager ${(widget.eager.gzip / hanko.eager.gzip).toFixed(2)}× (goal ≤ ${HANKO_GOAL}×), ` +
        `total ${(widget.total.gzip / hanko.single.gzip).toFixed(2)}×`,
    );
  }
  if (bleed.length === 0) {
    log(
      `bleed check: ok — the client bundle names none of ${FORBIDDEN.join(', ')}; ` +
        `the widget's files none of ${WIDGET_FORBIDDEN.join(', ')}`,
    );
  } else {
    log(
      `bleed check: FAILED — ${bleed.length} forbidden name(s) in the client bundle or the widget's files:`,
    );
    for (const hit of bleed.slice(0, 20)) log(`  ${hit.entry}: ${hit.name} in ${hit.where}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchBundleSize();
  printBundleFigures(figures);
  console.log(`BENCH_ROWS ${JSON.stringify(bundleBenchRows(figures))}`);
  if (figures.bleed.length > 0) process.exitCode = 1;
}

#!/usr/bin/env node
/**
 * Bundle weight is a product goal (DESIGN.md: the script-tag widget should stay small; the
 * client should carry almost nothing beyond fetch and Web Crypto). This prints raw, gzip and
 * brotli bytes of the standalone widget, of each chunk it loads on demand (phone numbers, One Tap,
 * passkeys), and of each @latchkey/client entry bundled and minified
 * for browsers the way an integrator's bundler would, and it guards one line that must never be
 * crossed: server or UI code bleeding into the client. The size figures never fail the run; the
 * bleed check exits 1 when the client bundle names react, kysely, argon2, zxcvbn or fastify,
 * whether as an imported module or as an identifier or string left in the code (after jose's
 * bundle-report.js).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chunks } from '../packages/react/scripts/build-standalone.mjs';
import { repoRoot } from './lib/provider-process.mjs';

const standaloneDir = join(repoRoot, 'packages/react/dist/standalone');
// The widget bundle, then the files it loads only when a page uses their feature.
const standaloneFiles = [
  { name: 'widget standalone (IIFE)', file: 'latchkey-widget.js' },
  ...chunks.map(({ file }) => ({ name: `  chunk ${file}`, file })),
];
const clientEntries = [
  { name: '@latchkey/client', file: 'packages/client/src/index.ts' },
  { name: '@latchkey/client/errors', file: 'packages/client/src/errors.ts' },
  { name: '@latchkey/client/phone', file: 'packages/client/src/phone/index.ts' },
];
const FORBIDDEN = ['react', 'kysely', 'argon2', 'zxcvbn', 'fastify'];
// A forbidden name standing alone or as a prefix of a package/identifier (`react-dom`,
// `reactDom`, `argon2id`, `@zxcvbn-ts`), but not inside an unrelated word.
const FORBIDDEN_PATTERN = new RegExp(
  `(?<![A-Za-z0-9_$])(${FORBIDDEN.join('|')})(?=$|[^a-z0-9_$]|Dom|DOM|id\\b|-)`,
  'gi',
);

/** Raw, gzip (level 9) and brotli (quality 11) sizes of a text. */
export function measureBytes(text) {
  const raw = Buffer.from(text);
  return {
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Bundles one client entry for browsers (source condition, ESM, minified) and returns its code and inputs. */
async function bundleClientEntry(file) {
  const result = await build({
    entryPoints: [join(repoRoot, file)],
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

/** Measures everything; used by bench/run.mjs as well. */
export async function benchBundleSize() {
  const rows = [];
  let bleed = [];
  for (const { name, file } of standaloneFiles) {
    const path = join(standaloneDir, file);
    const sizes = existsSync(path) ? measureBytes(readFileSync(path, 'utf8')) : undefined;
    rows.push({ name, file: relative(repoRoot, path), sizes });
  }
  for (const entry of clientEntries) {
    if (!existsSync(join(repoRoot, entry.file))) {
      rows.push({ name: entry.name, file: entry.file, sizes: undefined, error: 'entry file missing' });
      continue;
    }
    try {
      const { code, inputs } = await bundleClientEntry(entry.file);
      rows.push({ name: `${entry.name} (esm, min)`, file: entry.file, sizes: measureBytes(code) });
      bleed = bleed.concat(findBleed(code, inputs).map((hit) => ({ ...hit, entry: entry.name })));
    } catch (error) {
      rows.push({ name: entry.name, file: entry.file, sizes: undefined, error: firstLine(error) });
    }
  }
  return { rows, bleed };
}

function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').slice(0, 3).join(' ');
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const NAME_WIDTH = 44;

/** Prints the size table and the bleed verdict. */
export function printBundleFigures({ rows, bleed }, log = console.log) {
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
  if (bleed.length === 0) {
    log(`bleed check: ok — the client bundle names none of ${FORBIDDEN.join(', ')}`);
  } else {
    log(`bleed check: FAILED — ${bleed.length} forbidden name(s) in the client bundle:`);
    for (const hit of bleed.slice(0, 20)) log(`  ${hit.entry}: ${hit.name} in ${hit.where}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchBundleSize();
  printBundleFigures(figures);
  if (figures.bleed.length > 0) process.exitCode = 1;
}

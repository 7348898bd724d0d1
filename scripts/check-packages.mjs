// `npm run check:packages`: packs every published package and judges each tarball with publint
// (the manifest: exports, files, types) and "Are the types wrong?" (how TypeScript resolves each
// entry). The packages are ESM only, so attw's `esm-only` profile: a CommonJS `require` of them
// is not offered (Node 20.19+ can still require() them, as ES modules). The provider is a command,
// not a library: publint only. Exits non-zero on any error or warning.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './lib.mjs';
import { PUBLISHED, packPackages } from './pack-packages.mjs';

/** attw resolves every export as code with types: a stylesheet export (`./styles.css`) is not one. */
function stylesheetsExcluded(name) {
  const dir = PUBLISHED.find((p) => p.name === name)?.dir;
  const manifest = dir ? JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) : {};
  const stylesheets = Object.keys(manifest.exports ?? {}).filter((entry) => entry.endsWith('.css'));
  return stylesheets.length === 0 ? [] : ['--exclude-entrypoints', ...stylesheets];
}

/** Runs publint and attw over the tarballs; returns the names of the packages with a problem. */
export function checkTarballs(tarballs) {
  const failed = [];
  for (const [name, tarball] of Object.entries(tarballs)) {
    const checks = [['publint', 'run', tarball, '--strict']];
    if (name !== '@latchkey/provider')
      checks.push([
        'attw',
        tarball,
        '--profile',
        'esm-only',
        '--format',
        'ascii',
        ...stylesheetsExcluded(name),
      ]);
    for (const [tool, ...args] of checks) {
      const result = spawnSync(join(repoRoot, 'node_modules/.bin', tool), args, { encoding: 'utf8' });
      if (result.status !== 0) {
        failed.push(`${name} (${tool})`);
        process.stdout.write(`\n✖ ${tool} ${name}\n${result.stdout}${result.stderr}\n`);
      }
    }
  }
  return failed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const destination = mkdtempSync(join(tmpdir(), 'latchkey-packs-'));
  try {
    const failed = checkTarballs(packPackages(destination));
    console.log(failed.length === 0 ? '✔ publint and attw: every package' : `✖ ${failed.join(', ')}`);
    process.exitCode = failed.length === 0 ? 0 : 1;
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
}

// Writes dist/pglite-template.tar.gz, the migrated data directory a new PGlite directory starts
// from instead of running initdb (src/db/pglite-data-dir.ts; issue 18: about 7 s of CPU off a
// fresh start). Run after `tsc -b`: it runs the built migrations.
//
//   node apps/provider/scripts/pglite-template.mjs          # when a migration or PGlite is newer
//   node apps/provider/scripts/pglite-template.mjs --force  # always
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const providerDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(providerDir, 'dist');
export const PGLITE_TEMPLATE = join(distDir, 'pglite-template.tar.gz');

/** What the template is made from: the built migrations, their runner, its writer, and PGlite itself. */
function newestInput() {
  const migrations = join(distDir, 'db/migrations');
  const files = [
    ...readdirSync(migrations)
      .filter((name) => name.endsWith('.js'))
      .map((name) => join(migrations, name)),
    join(distDir, 'db/migrate.js'),
    join(distDir, 'db/pglite-template.js'),
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
  ];
  return Math.max(...files.map((file) => statSync(file).mtimeMs));
}

/** Writes PGLITE_TEMPLATE unless it is newer than what it is made from (or `force`). */
export async function writeTemplate({ force = false } = {}) {
  if (!existsSync(join(distDir, 'db/migrate.js')))
    throw new Error('apps/provider/dist/db/migrate.js is missing: run `npx tsc -b` first');
  if (!force && existsSync(PGLITE_TEMPLATE) && statSync(PGLITE_TEMPLATE).mtimeMs >= newestInput())
    return false;
  const { writePgliteTemplate } = await import(pathToFileURL(join(distDir, 'db/pglite-template.js')).href);
  await writePgliteTemplate(PGLITE_TEMPLATE);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const written = await writeTemplate({ force: process.argv.includes('--force') });
  // On stderr: `npm pack --json` runs this as prepack, and its stdout is the pack's JSON.
  console.error(
    written ? `wrote the PGlite template ${PGLITE_TEMPLATE}` : 'the PGlite template is up to date',
  );
}

/**
 * @module pglite-data-dir — opens PGlite's files in a directory. A new directory starts from the
 * migrated template the build writes (pglite-template.ts), which spares the first start initdb:
 * about 7 s of CPU and a WebAssembly heap the process then keeps (issue 18). Without a usable
 * template, initdb makes it as before.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options.js';

/** The template's name in the package's dist/. */
const TEMPLATE_NAME = 'pglite-template.tar.gz';

/**
 * `dist/pglite-template.tar.gz` of this package. Its folder is found by its manifest's name,
 * because this module runs from src/ (tsx, Vitest), from dist/db/ and from the bundle
 * (dist/bundle/provider/), each at a different depth.
 */
export function pgliteTemplateFile(
  from: string = dirname(fileURLToPath(import.meta.url)),
): string | undefined {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir))
    if (manifestName(join(dir, 'package.json')) === '@latchkey/provider')
      return join(dir, 'dist', TEMPLATE_NAME);
  return undefined;
}

function manifestName(path: string): unknown {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}

/** Opens the PGlite files in `dataDir`, making them first when the directory has none. */
export async function openPgliteDir(
  dataDir: string,
  template: string | undefined = pgliteTemplateFile(),
): Promise<PGlite> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await createPgliteDir(dataDir, template);
  return PGlite.create(dataDir, PGLITE_OPTIONS);
}

async function createPgliteDir(dataDir: string, template: string | undefined): Promise<void> {
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (empty && (await loadTemplate(dataDir, template))) return;
  // initdb runs inside the instance and leaves its heap (about 400 MiB) behind for good: closed
  // here, so the caller's instance opens the files it wrote at the RSS of an existing directory.
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  await client.close();
}

/**
 * Unpacks the template into a staging directory beside `dataDir` and moves it in place once
 * PGlite has opened and closed it, so a start killed midway leaves no half-made directory (the
 * data directory's lock, pglite-lock.ts, keeps other processes out meanwhile). False when there
 * is no template or PGlite refuses it (one written by another PostgreSQL version): initdb then.
 */
async function loadTemplate(dataDir: string, template: string | undefined): Promise<boolean> {
  if (template === undefined || !existsSync(template)) return false;
  const staging = `${dataDir}.new`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const loadDataDir = new Blob([readFileSync(template)]);
    const client = await PGlite.create(staging, { ...PGLITE_OPTIONS, loadDataDir });
    await client.close();
  } catch {
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
  try {
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
    return true;
  } catch {
    // dataDir cannot be replaced (a volume mounted on it): initdb fills it where it is.
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return false;
  }
}

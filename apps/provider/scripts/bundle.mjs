// Bundles the built provider (dist/main.js and dist/cli.js, from `tsc -b`) into ES modules for
// `npm start` and production: loading its ~2 400 modules one by one (viem, @simplewebauthn,
// kysely, typebox, …) was about 1 s of the start's CPU; one tree-shaken file is parsed in a
// fraction of that (issue 18). The two entries share their code in chunks beside them. Tests of a
// provider process and the e2e stack run these bundles (what ships); `npm run dev` runs from
// source, and dist/main.js still runs unbundled (database spans need it: telemetry/tracing.ts).
//
//   node apps/provider/scripts/bundle.mjs          # bundles when dist/ is newer than the bundle
//   node apps/provider/scripts/bundle.mjs --force  # always
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { dependenciesMtime } from '../../../scripts/lib.mjs';

const providerDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(providerDir, 'dist');
const bundleDir = join(distDir, 'bundle');
/** @latchkey/wire's build: its schemas and error codes go into the bundle as well. */
const wireDistDir = join(providerDir, '..', '..', 'packages', 'wire', 'dist');
/**
 * Two directories below dist/, as dist/features/<feature>/*.js are: modules that find a file
 * with a URL relative to their own (features/clientside-services: `../../../assets/…`) resolve
 * the same from the bundle.
 */
export const BUNDLE_ENTRY = join(bundleDir, 'provider', 'main.js');
/** The command line's entry, beside BUNDLE_ENTRY. */
export const BUNDLE_CLI = join(bundleDir, 'provider', 'cli.js');

/**
 * Left to node_modules: PGlite finds its WebAssembly and data files next to its own modules,
 * argon2 and bcrypt are native addons, and pg's native binding is optional. OpenTelemetry is imported only
 * when traces are on (src/telemetry/tracing.ts): kept out, a provider without them never parses it.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  '@node-rs/bcrypt',
  'pg-native',
  '@opentelemetry/*',
  '@fastify/otel',
];

function newestBuilt(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== bundleDir) newest = Math.max(newest, newestBuilt(path));
    } else if (entry.name.endsWith('.js')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Writes BUNDLE_ENTRY unless it is newer than every built module (or `force`). */
export async function bundleProvider({ force = false } = {}) {
  if (!existsSync(join(distDir, 'main.js')))
    throw new Error('apps/provider/dist/main.js is missing: run `npx tsc -b` first');
  // Dependencies are bundled too: a new install remakes it.
  const newest = Math.max(
    newestBuilt(distDir),
    existsSync(wireDistDir) ? newestBuilt(wireDistDir) : 0,
    dependenciesMtime(),
  );
  const upToDate = [BUNDLE_ENTRY, BUNDLE_CLI].every(
    (file) => existsSync(file) && statSync(file).mtimeMs >= newest,
  );
  if (!force && upToDate) return false;
  // Written beside, then swapped in: a process may be running the last bundle (two test workers
  // can both find it stale), and chunks named by content would otherwise pile up.
  const target = dirname(BUNDLE_ENTRY);
  const fresh = `${target}.${process.pid}.new`;
  const stale = `${target}.${process.pid}.old`;
  await build({
    entryPoints: [join(distDir, 'main.js'), join(distDir, 'cli.js')],
    outdir: fresh,
    splitting: true,
    chunkNames: 'shared-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS dependencies (fastify, pino, pg, nodemailer) call `require` for Node's built-ins.
    banner: {
      js: "import { createRequire as __latchkeyCreateRequire } from 'node:module'; const require = __latchkeyCreateRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
  // Another bundler may swap at the same time: whichever new bundle lands first stays.
  try {
    renameSync(target, stale);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  try {
    renameSync(fresh, target);
  } catch (error) {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  }
  for (const dir of [fresh, stale]) rmSync(dir, { recursive: true, force: true });
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const written = await bundleProvider({ force: process.argv.includes('--force') });
  console.log(written ? `bundled the provider into ${BUNDLE_ENTRY}` : 'the provider bundle is up to date');
}

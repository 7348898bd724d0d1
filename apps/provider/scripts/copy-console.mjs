// Before `npm pack`: puts the built admin console (apps/console/dist/site) into this package's
// console/ directory, which the provider serves at /console/ when it runs from an installed
// package (src/features/console/console-site-dir.ts). The console must be built first.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const providerDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = join(providerDir, '..', 'console', 'dist', 'site');
const target = join(providerDir, 'console');
if (!existsSync(join(site, 'index.html'))) {
  console.error(`no console build in ${site}: run \`npx vite build\` in apps/console first`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
cpSync(site, target, { recursive: true });

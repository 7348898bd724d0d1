// Packs every published package exactly as `npm publish` would (`npm pack`, with its prepack
// step), so the checks and the pack-and-install test judge the tarballs an integrator gets, not
// the workspace: a file left out of `files`, or an export naming a file that is not shipped,
// shows here and nowhere else.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib.mjs';

/** Every package an integrator installs, in dependency order. */
export const PUBLISHED = [
  { name: '@latchkey/wire', dir: 'packages/wire' },
  { name: '@latchkey/client', dir: 'packages/client' },
  { name: '@latchkey/react', dir: 'packages/react' },
  { name: '@latchkey/node', dir: 'packages/node' },
  { name: '@latchkey/nextjs', dir: 'packages/nextjs' },
  { name: '@latchkey/provider', dir: 'apps/provider' },
];

/**
 * Packs each package (or those of `names`) into `destination`; they must be built first (`npx
 * tsc -b`, the widget's standalone bundle and the console, as scripts/lib.mjs ensureBuilt does).
 * Returns name → tarball path.
 */
export function packPackages(destination, names = PUBLISHED.map((p) => p.name)) {
  mkdirSync(destination, { recursive: true });
  // One npm for all of them (-w per package, each with its own lifecycle scripts): an npm start
  // costs about a second of CPU, and this runs for every pack-and-install test and quickstart.
  const workspaces = PUBLISHED.filter((p) => names.includes(p.name)).flatMap(({ dir }) => ['-w', dir]);
  if (workspaces.length === 0) return {};
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination, ...workspaces], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarballs = {};
  for (const { name, filename } of JSON.parse(output)) tarballs[name] = join(destination, filename);
  return tarballs;
}

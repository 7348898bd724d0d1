/**
 * A scratch app in a temporary directory that installs the packed tarballs as an integrator's
 * app would (`file:` dependencies, npm's own resolution), so what it imports is what the
 * tarballs promise — not the workspace's symlinks. Shared by the pack-and-install test and the
 * quickstart tests. Third-party packages are pinned to the versions this repository installed,
 * so npm finds them in its cache (`--prefer-offline`) and the install stays quick.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot: string = fileURLToPath(new URL('../..', import.meta.url));

/** The version of `name` installed in this repository's node_modules. */
export function versionInRepo(name: string): string {
  const manifest = join(repoRoot, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export interface ScratchAppOptions {
  dir: string;
  /** Package name → tarball, from scripts/pack-packages.mjs. */
  tarballs: Record<string, string>;
  /** Third-party packages, each pinned to the repository's version. */
  thirdParty: string[];
  /** Further package.json fields (scripts, …). */
  manifest?: Record<string, unknown>;
}

/** Writes the app's package.json and runs `npm install` in it. */
export function installScratchApp({ dir, tarballs, thirdParty, manifest = {} }: ScratchAppOptions): void {
  mkdirSync(dir, { recursive: true });
  const dependencies: Record<string, string> = {};
  for (const [name, tarball] of Object.entries(tarballs)) dependencies[name] = `file:${tarball}`;
  for (const name of thirdParty) dependencies[name] = versionInRepo(name);
  // Our packages depend on each other by version: the overrides make npm take those from the
  // tarballs too, never from a registry that may hold another package of the same name.
  const overrides = Object.fromEntries(Object.keys(tarballs).map((name) => [name, `$${name}`]));
  const pkg = {
    name: 'latchkey-scratch-app',
    private: true,
    type: 'module',
    dependencies,
    overrides,
    ...manifest,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Writes `files` (path relative to `dir` → contents), making their folders. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
}

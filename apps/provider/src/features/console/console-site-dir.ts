/**
 * @module console-site-dir — where the console's build is: the `console/` folder of an installed
 * @latchkey/provider package (copied there when it is packed: scripts/copy-console.mjs), else
 * apps/console/dist/site in this repository. Both dist/features/console/ and the bundle
 * (dist/bundle/provider/) sit three levels below the package root.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRepoRoot } from '../../config.js';

export function consoleSiteDir(): string {
  const packaged = fileURLToPath(new URL('../../../console', import.meta.url));
  const repoRoot = findRepoRoot();
  const repoBuild = join(repoRoot, 'apps/console/dist/site');
  // In this repository the packaged folder is only a copy `npm pack` made (a pack killed before
  // its postpack leaves it behind): the repository's own build is the one that follows edits.
  if (packaged === join(repoRoot, 'apps/provider/console')) return repoBuild;
  return existsSync(join(packaged, 'index.html')) ? packaged : repoBuild;
}

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
  return existsSync(join(packaged, 'index.html')) ? packaged : join(findRepoRoot(), 'apps/console/dist/site');
}

/**
 * @module dev-luds-project — in development, a second project judged by LUDS rules (10 characters,
 * 3 kinds), so the demo page's 'Password (LUDS rules)' setup (`?project=luds`) works on a fresh clone.
 */
import { join } from 'node:path';
import type { Clock } from '../../clock.js';
import { constantTimeEqual, sha256Base64url } from '../../crypto/hash.js';
import type { Db } from '../../db/database.js';
import type { Random } from '../../random.js';
import {
  DEV_PROJECT_SEND_LIMITS,
  type EnsureDevProjectResult,
  readCredentials,
  writeCredentials,
} from './dev-project.js';
import { findProjectById } from './projects.repository.js';
import { createProject, type ProjectCredentials } from './projects.service.js';

/** Where the LUDS project's credentials live: the demo server reads `{name}-project.json`. */
export function devLudsProjectFilePath(dataDir: string): string {
  return join(dataDir, 'luds-project.json');
}

/** Where its links land by default: the demo page's password setup, on this project. */
export const DEV_LUDS_REDIRECT_URL = 'http://localhost:4100/authenticate?login=passwords&project=luds';

/** The LUDS rules of the demo project: at least 10 characters, of at least 3 of the 4 kinds. */
export const DEV_LUDS_PASSWORD_CONFIG = {
  strengthPolicy: 'luds',
  ludsMinimumCount: 10,
  ludsComplexity: 3,
} as const;

/**
 * Makes sure the LUDS project exists and luds-project.json names it, as ensureDevProject does for
 * the dev project: reused when file and row match, recreated from the file when the database lost
 * it, otherwise created with new credentials. A project the file names whose rules an operator
 * has since changed is reused as it is. The e2e stack uses this one too (it made its own before,
 * and then there were two "LUDS demo" projects).
 */
export async function ensureDevLudsProject(
  db: Db,
  deps: { clock: Clock; random: Random; dataDir: string },
): Promise<EnsureDevProjectResult> {
  const path = devLudsProjectFilePath(deps.dataDir);
  const fromFile = readCredentials(path);
  if (fromFile) {
    const row = await findProjectById(db, fromFile.project_id);
    if (
      row &&
      row.public_token === fromFile.public_token &&
      constantTimeEqual(row.secret_hash, sha256Base64url(fromFile.secret))
    ) {
      return { credentials: fromFile, outcome: 'reused' };
    }
    if (!row) {
      await createLudsProject(db, deps, fromFile);
      return { credentials: fromFile, outcome: 'restored' };
    }
  }
  const { credentials } = await createLudsProject(db, deps, undefined);
  writeCredentials(path, credentials);
  return { credentials, outcome: 'created' };
}

// A development project, like the dev one: it accepts the demo page on any localhost port.
function createLudsProject(
  db: Db,
  deps: { clock: Clock; random: Random },
  credentials: ProjectCredentials | undefined,
) {
  return createProject(db, deps, {
    name: 'LUDS demo',
    environment: 'test',
    isDev: true,
    sendLimits: DEV_PROJECT_SEND_LIMITS,
    defaultLoginRedirectUrl: DEV_LUDS_REDIRECT_URL,
    defaultSignupRedirectUrl: DEV_LUDS_REDIRECT_URL,
    passwordConfig: DEV_LUDS_PASSWORD_CONFIG,
    ...(credentials ? { credentials } : {}),
  });
}

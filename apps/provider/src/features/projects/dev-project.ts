/** @module dev-project — the development project and its plaintext credentials in .data/dev-project.json. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Clock } from '../../clock.js';
import { constantTimeEqual, sha256Base64url } from '../../crypto/hash.js';
import type { Db } from '../../db/database.js';
import type { Random } from '../../random.js';
import { findProjectById } from './projects.repository.js';
import { createProject, type ProjectCredentials } from './projects.service.js';
import type { SendLimits } from './send-limits.js';

/** docs/contracts.md: the dev project's default login and signup redirect. */
export const DEV_DEFAULT_REDIRECT_URL = 'http://localhost:4100/authenticate';

/** Where the dev project's credentials live. */
export function devProjectFilePath(dataDir: string): string {
  return join(dataDir, 'dev-project.json');
}

/** The credentials in dev-project.json, when the file exists and is well-formed. */
export function readDevProjectFile(dataDir: string): ProjectCredentials | undefined {
  return readCredentials(devProjectFilePath(dataDir));
}

/** The credentials in a project file (dev-project.json and its siblings), when well-formed. */
export function readCredentials(path: string): ProjectCredentials | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ProjectCredentials>;
    const valid =
      typeof parsed.project_id === 'string' &&
      /^project-test-[0-9a-f-]{36}$/.test(parsed.project_id) &&
      typeof parsed.public_token === 'string' &&
      /^public-token-test-[0-9a-f-]{36}$/.test(parsed.public_token) &&
      typeof parsed.secret === 'string' &&
      /^secret-test-[A-Za-z0-9_-]{43}$/.test(parsed.secret);
    return valid ? (parsed as ProjectCredentials) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a project file with owner-only permissions. */
export function writeCredentials(path: string, credentials: ProjectCredentials): void {
  mkdirSync(dirname(path), { recursive: true });
  const { project_id, public_token, secret } = credentials;
  // The file is the only plaintext copy of the secret: owner-only permissions.
  writeFileSync(path, `${JSON.stringify({ project_id, public_token, secret }, null, 2)}\n`, { mode: 0o600 });
}

/** The outcome of ensureDevProject. */
export interface EnsureDevProjectResult {
  credentials: ProjectCredentials;
  /** `reused`: file and row matched; `restored`: row recreated from the file; `created`: new tokens. */
  outcome: 'reused' | 'restored' | 'created';
}

/**
 * Makes sure the dev project exists and dev-project.json names it. Reuses the project named in
 * the file; when the database lacks it (e.g. a wiped database) the project is recreated with the
 * file's credentials so configured pages keep working; otherwise new credentials are minted.
 */
export async function ensureDevProject(
  db: Db,
  deps: { clock: Clock; random: Random; dataDir: string },
): Promise<EnsureDevProjectResult> {
  const path = devProjectFilePath(deps.dataDir);
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
      await createDevProject(db, deps, fromFile);
      return { credentials: fromFile, outcome: 'restored' };
    }
  }
  const { credentials } = await createDevProject(db, deps, undefined);
  writeCredentials(path, credentials);
  return { credentials, outcome: 'created' };
}

/**
 * The development project resends at once, as a hosted provider's test environment does, so a
 * person (or a test) can press "Resend" straight away; the per-address cap of 5 emails or texts
 * per 15 minutes and the IP and project caps still hold. Other projects keep the 60 s cooldown.
 */
export const DEV_PROJECT_SEND_LIMITS: Partial<SendLimits> = Object.freeze({ recipientIntervalSeconds: 0 });

function createDevProject(
  db: Db,
  deps: { clock: Clock; random: Random },
  credentials: ProjectCredentials | undefined,
) {
  return createProject(db, deps, {
    name: 'Development project',
    environment: 'test',
    isDev: true,
    sendLimits: DEV_PROJECT_SEND_LIMITS,
    defaultLoginRedirectUrl: DEV_DEFAULT_REDIRECT_URL,
    defaultSignupRedirectUrl: DEV_DEFAULT_REDIRECT_URL,
    ...(credentials ? { credentials } : {}),
  });
}

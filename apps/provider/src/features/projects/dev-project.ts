/**
 * @module dev-project — development projects and their plaintext credentials in .data: the
 * development project (dev-project.json) and, beside it, one per further local app (e.g.
 * Clickwise's clickwise-project.json), so each app's emails carry its own name.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Clock } from '../../clock.js';
import { constantTimeEqual, sha256Base64url } from '../../crypto/hash.js';
import type { Db } from '../../db/database.js';
import type { Random } from '../../random.js';
import { findProjectById, updateProject } from './projects.repository.js';
import { createProject, type ProjectCredentials } from './projects.service.js';
import type { SendLimits } from './send-limits.js';

/** docs/contracts.md: the dev project's default login and signup redirect. */
export const DEV_DEFAULT_REDIRECT_URL = 'http://localhost:4100/authenticate';

/** The key of the development project itself (dev-project.json). */
export const DEV_PROJECT_KEY = 'dev';

/** The name the development project is created with. */
export const DEV_PROJECT_NAME = 'Development project';

/** A key names a file in the data directory: lowercase letters, digits and dashes only. */
export function isDevProjectKey(key: string): boolean {
  return /^[a-z0-9-]{1,40}$/.test(key);
}

/** Where a development project's credentials live: `{dataDir}/{key}-project.json`. */
export function devProjectFilePath(dataDir: string, key: string = DEV_PROJECT_KEY): string {
  if (!isDevProjectKey(key)) throw new Error(`Bad development project key "${key}" (a-z, 0-9, -).`);
  return join(dataDir, `${key}-project.json`);
}

/** The credentials in `{key}-project.json`, when the file exists and is well-formed. */
export function readDevProjectFile(
  dataDir: string,
  key: string = DEV_PROJECT_KEY,
): ProjectCredentials | undefined {
  return readCredentials(devProjectFilePath(dataDir, key));
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

/** Which development project to ensure, and how it is set up. */
export interface DevProjectOptions {
  /** `dev` (the default): the development project; another key: a further one beside it. */
  key?: string;
  /** The display name given when the project is created; an existing project keeps its own. */
  name?: string;
  /**
   * Default login and signup redirects. When given they are set on every run, so they follow the
   * port the app runs on; when absent a new project gets DEV_DEFAULT_REDIRECT_URL.
   */
  loginRedirectUrl?: string;
  signupRedirectUrl?: string;
}

/**
 * Makes sure a development project exists and its file names it. Reuses the project named in
 * the file; when the database lacks it (e.g. a wiped database) the project is recreated with the
 * file's credentials so configured pages keep working; otherwise new credentials are minted.
 */
export async function ensureDevProject(
  db: Db,
  deps: { clock: Clock; random: Random; dataDir: string },
  options: DevProjectOptions = {},
): Promise<EnsureDevProjectResult> {
  const path = devProjectFilePath(deps.dataDir, options.key);
  const fromFile = readCredentials(path);
  if (fromFile) {
    const row = await findProjectById(db, fromFile.project_id);
    // Never take over (or overwrite the file of) a project made by `project create --name`.
    if (row && !row.is_dev) {
      throw new Error(`${path} names ${row.id}, which is not a development project; choose another key.`);
    }
    if (
      row &&
      row.public_token === fromFile.public_token &&
      constantTimeEqual(row.secret_hash, sha256Base64url(fromFile.secret))
    ) {
      await applyRedirects(db, row, options);
      return { credentials: fromFile, outcome: 'reused' };
    }
    if (!row) {
      await createDevProject(db, deps, options, fromFile);
      return { credentials: fromFile, outcome: 'restored' };
    }
  }
  const { credentials } = await createDevProject(db, deps, options, undefined);
  writeCredentials(path, credentials);
  return { credentials, outcome: 'created' };
}

/** Sets the redirects the caller named where the project has others (the app moved port). */
async function applyRedirects(
  db: Db,
  row: { id: string; default_login_redirect_url: string | null; default_signup_redirect_url: string | null },
  options: DevProjectOptions,
): Promise<void> {
  const changes = {
    ...(options.loginRedirectUrl !== undefined && options.loginRedirectUrl !== row.default_login_redirect_url
      ? { default_login_redirect_url: options.loginRedirectUrl }
      : {}),
    ...(options.signupRedirectUrl !== undefined &&
    options.signupRedirectUrl !== row.default_signup_redirect_url
      ? { default_signup_redirect_url: options.signupRedirectUrl }
      : {}),
  };
  if (Object.keys(changes).length > 0) await updateProject(db, row.id, changes);
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
  options: DevProjectOptions,
  credentials: ProjectCredentials | undefined,
) {
  return createProject(db, deps, {
    name: options.name ?? DEV_PROJECT_NAME,
    environment: 'test',
    isDev: true,
    sendLimits: DEV_PROJECT_SEND_LIMITS,
    defaultLoginRedirectUrl: options.loginRedirectUrl ?? DEV_DEFAULT_REDIRECT_URL,
    defaultSignupRedirectUrl: options.signupRedirectUrl ?? DEV_DEFAULT_REDIRECT_URL,
    ...(credentials ? { credentials } : {}),
  });
}

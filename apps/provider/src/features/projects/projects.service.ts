/** @module projects.service — creating projects, issuing their credentials, renaming them. */
import type { Clock } from '../../clock.js';
import { sha256Base64url } from '../../crypto/hash.js';
import type { DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { newId, type ProjectEnvironment } from '../../ids.js';
import type { Random } from '../../random.js';
import { type Project, toProject } from './project.js';
import {
  findProjectByIdForUpdate,
  insertProject,
  listProjects,
  updateProject,
} from './projects.repository.js';
import type { ProjectRowUpdate, ProjectVertical } from './projects.table.js';
import { type SendLimits, sendLimitsToJson } from './send-limits.js';

/** The plaintext credentials of a project; the secret exists in plaintext only here. */
export interface ProjectCredentials {
  project_id: string;
  public_token: string;
  secret: string;
}

/** What a new project is configured with; everything but the name has a default. */
export interface CreateProjectOptions {
  name: string;
  environment?: ProjectEnvironment;
  isDev?: boolean;
  allowedOrigins?: string[];
  allowedRedirectUrls?: string[];
  defaultLoginRedirectUrl?: string | null;
  defaultSignupRedirectUrl?: string | null;
  enabledProducts?: string[];
  emailDomains?: string[];
  pkceRequiredForEmailMagicLinks?: boolean;
  disableSdkWatermark?: boolean;
  /** Ethereum wallets sign EIP-4361 (SIWE) messages; default false. */
  siweRequiredForCryptoWallets?: boolean;
  /** Primary sign-ins need a second factor; default false. */
  mfaRequired?: boolean;
  /** reCAPTCHA Enterprise site key: captcha on for the sign-in calls; default null (off). */
  captchaSiteKey?: string | null;
  /** Lowest reCAPTCHA score that passes, 0..1 (default 0.5). */
  captchaMinScore?: number;
  sessionMaxLifetimeMinutes?: number;
  /** Default lifetime of one-time passcodes, 1–10 minutes (default 5). */
  otpExpirationMinutes?: number;
  /** Overrides of the email send limits; unset settings follow DEFAULT_SEND_LIMITS. */
  sendLimits?: Partial<SendLimits>;
  /** The bootstrap's `vertical`; `CONSUMER` by default, null = unset. */
  vertical?: ProjectVertical | null;
  /** Password strength policy; zxcvbn with LUDS counts 3 of 4 classes, 8 characters by default. */
  passwordConfig?: Partial<Project['passwordConfig']>;
  /** Reuse existing credentials (e.g. from dev-project.json) instead of minting new ones. */
  credentials?: ProjectCredentials;
}

/** The result of creating a project. */
export interface CreateProjectResult {
  project: Project;
  credentials: ProjectCredentials;
}

/** Mints credentials: `project-{env}-{uuid}`, `public-token-{env}-{uuid}`, `secret-{env}-{43 base64url}`. */
export function mintProjectCredentials(environment: ProjectEnvironment, random: Random): ProjectCredentials {
  return {
    project_id: newId('project', environment, random),
    public_token: newId('publicToken', environment, random),
    secret: `secret-${environment}-${Buffer.from(random.bytes(32)).toString('base64url')}`,
  };
}

/** Creates a project; the secret is stored as its SHA-256 hash. */
export async function createProject(
  db: DbExecutor,
  deps: { clock: Clock; random: Random },
  options: CreateProjectOptions,
): Promise<CreateProjectResult> {
  const environment = options.environment ?? 'test';
  const credentials = options.credentials ?? mintProjectCredentials(environment, deps.random);
  const row = await insertProject(db, {
    id: credentials.project_id,
    name: options.name,
    environment,
    public_token: credentials.public_token,
    secret_hash: sha256Base64url(credentials.secret),
    is_dev: options.isDev ?? false,
    allowed_origins: toJson(options.allowedOrigins ?? []),
    allowed_redirect_urls: toJson(options.allowedRedirectUrls ?? []),
    default_login_redirect_url: options.defaultLoginRedirectUrl ?? null,
    default_signup_redirect_url: options.defaultSignupRedirectUrl ?? null,
    enabled_products: toJson(options.enabledProducts ?? ['emailMagicLinks']),
    email_domains: toJson(options.emailDomains ?? []),
    password_luds_complexity: options.passwordConfig?.ludsComplexity ?? 3,
    password_luds_minimum_count: options.passwordConfig?.ludsMinimumCount ?? 8,
    password_strength_policy: options.passwordConfig?.strengthPolicy ?? 'zxcvbn',
    session_default_minutes: 60,
    session_max_lifetime_minutes: options.sessionMaxLifetimeMinutes ?? 30 * 24 * 60,
    magic_link_expiration_minutes: 30,
    otp_expiration_minutes: options.otpExpirationMinutes ?? 5,
    pkce_required_for_email_magic_links: options.pkceRequiredForEmailMagicLinks ?? false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    disable_sdk_watermark: options.disableSdkWatermark ?? false,
    siwe_required_for_crypto_wallets: options.siweRequiredForCryptoWallets ?? false,
    mfa_required: options.mfaRequired ?? false,
    captcha_site_key: options.captchaSiteKey ?? null,
    captcha_min_score: options.captchaMinScore ?? 0.5,
    send_limits: toJson(sendLimitsToJson(options.sendLimits ?? {})),
    vertical: options.vertical === undefined ? 'CONSUMER' : options.vertical,
    created_at: deps.clock.now(),
  });
  return { project: toProject(row), credentials };
}

/**
 * Sets the display name that emails and passkey prompts show (checked by checkProjectName first).
 * A running provider uses it within PROJECT_CACHE_TTL_MS. Undefined when there is no such project.
 */
export async function renameProject(
  db: DbExecutor,
  projectId: string,
  name: string,
): Promise<Project | undefined> {
  const row = await updateProject(db, projectId, { name });
  return row ? toProject(row) : undefined;
}

/** The project with `id` locked for a change in the transaction `trx`; undefined when there is none. */
export async function findProjectForChange(trx: DbExecutor, projectId: string): Promise<Project | undefined> {
  const row = await findProjectByIdForUpdate(trx, projectId);
  return row ? toProject(row) : undefined;
}

/** Writes `changes` (checked by the caller) and returns the project as it now is. */
export async function changeProject(
  db: DbExecutor,
  projectId: string,
  changes: ProjectRowUpdate,
): Promise<Project | undefined> {
  const row =
    Object.keys(changes).length === 0
      ? await findProjectByIdForUpdate(db, projectId)
      : await updateProject(db, projectId, changes);
  return row ? toProject(row) : undefined;
}

/** A page of projects in a stable order (created_at, id) after the given one. */
export async function listProjectsPage(
  db: DbExecutor,
  limit: number,
  after: { createdAt: Date; id: string } | undefined,
): Promise<Project[]> {
  return (await listProjects(db, limit, after)).map(toProject);
}

/**
 * Gives the project a new secret; the replaced one is still accepted until `graceEndsAt` (none
 * when null). Returns the new secret, which exists in plaintext only here.
 */
export async function rotateProjectSecret(
  db: DbExecutor,
  random: Random,
  project: Project,
  graceEndsAt: Date | null,
): Promise<{ project: Project; secret: string }> {
  const { secret } = mintProjectCredentials(project.environment, random);
  const row = await updateProject(db, project.id, {
    secret_hash: sha256Base64url(secret),
    previous_secret_hash: graceEndsAt === null ? null : project.secretHash,
    previous_secret_expires_at: graceEndsAt,
  });
  if (!row) throw new Error(`project ${project.id} vanished during its secret rotation`);
  return { project: toProject(row), secret };
}

/** @module config — reads the process environment once into a typed, validated ProviderConfig. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `development` unless NODE_ENV=production (docs/contracts.md). */
export type ProviderMode = 'development' | 'production';

/** Everything the provider reads from its environment. */
export interface ProviderConfig {
  mode: ProviderMode;
  host: string;
  port: number;
  /** Directory for PGlite files and dev-project.json. */
  dataDir: string;
  /** PostgreSQL connection string; PGlite in `dataDir/pglite` when absent. */
  databaseUrl: string | undefined;
  /** `smtp://user:pass@host:port` or `smtps://…`; the dev outbox is used when absent (development only). */
  smtpUrl: string | undefined;
  /** Sender of every email. */
  mailFrom: string;
  /** Prefix of the JWT `iss` claim: `{issuer}/{project_id}`. */
  issuer: string;
  /** Where people reach this provider (used in log lines that point at the dev outbox). */
  publicUrl: string;
  /** When set, signing keys are stored encrypted with a key derived from it. */
  keyEncryptionSecret: string | undefined;
  /** Trust X-Forwarded-For for the session's ip_address (only behind a proxy you run). */
  trustProxy: boolean;
  logLevel: string;
}

/** Thrown for an environment the provider refuses to start with. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Finds the monorepo root: the nearest ancestor of this package holding a package.json with
 * `workspaces`. Works from both `src/` (tests, tsx) and `dist/` (node).
 */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
        if (parsed.workspaces) return dir;
      } catch {
        // An unreadable manifest is not the root; keep climbing.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 4000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Options of loadConfig. */
export interface LoadConfigOptions {
  /** The server needs real transports in production; the CLI sends nothing and does not. */
  requireTransports?: boolean;
}

/** Builds the configuration from environment variables (see docs/provider-api.md#configuration). */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: LoadConfigOptions = {},
): ProviderConfig {
  const mode: ProviderMode = env.NODE_ENV === 'production' ? 'production' : 'development';
  const port = parsePort(env.PORT);
  const smtpUrl = nonEmpty(env.SMTP_URL);
  if (mode === 'production' && smtpUrl === undefined && options.requireTransports !== false) {
    // DESIGN: production refuses to start without a real transport for the products it enables.
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (the dev outbox is development-only)',
    );
  }
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  return {
    mode,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    port,
    dataDir: resolve(nonEmpty(env.LATCHKEY_DATA_DIR) ?? join(findRepoRoot(), '.data')),
    databaseUrl,
    smtpUrl,
    mailFrom: nonEmpty(env.LATCHKEY_MAIL_FROM) ?? 'Latchkey <no-reply@localhost>',
    issuer: (nonEmpty(env.LATCHKEY_ISSUER) ?? 'stytch.com').replace(/\/+$/, ''),
    publicUrl: (nonEmpty(env.LATCHKEY_PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    keyEncryptionSecret: nonEmpty(env.LATCHKEY_KEY_ENCRYPTION_SECRET),
    trustProxy: env.LATCHKEY_TRUST_PROXY === 'true' || env.LATCHKEY_TRUST_PROXY === '1',
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
  };
}

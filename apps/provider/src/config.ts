/** @module config — reads the process environment once into a typed, validated ProviderConfig. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConfigFile, ConfigFileError, readConfigFile } from './config-file.js';
import { defaultPoolSize, parsePoolSize } from './db/pool-size.js';
import {
  DEFAULT_AUDIT_RETENTION_DAYS,
  MAX_AUDIT_RETENTION_DAYS,
  MIN_AUDIT_RETENTION_DAYS,
} from './features/audit-log/audit-log-policy.js';
import { upstreamUrlProblem } from './features/oauth/upstream/upstream-url.js';
import { MIN_OPERATOR_KEY_LENGTH } from './features/operator-keys/operator-key.js';
import { isValidSendLimit, SEND_LIMIT_FIELDS, type SendLimits } from './features/projects/send-limits.js';
import type { ClientAddressPolicy } from './http/client-address.js';
import type { ForwardedHeaderName } from './http/forwarded-hops.js';
import { parseTrustedProxies } from './http/trusted-proxies.js';
import { parseRequestLogPolicy, type RequestLogPolicy } from './logging/request-log.js';
import type { MessagingApiConfig } from './messaging/twilio-messenger.js';
import { type MetricsConfig, parseMetricsConfig } from './metrics/metrics-config.js';
import { productionProblems } from './production-guards.js';
import { DEFAULT_RETENTION, type RetentionSettings } from './retention/retention-policy.js';

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
  /**
   * LATCHKEY_DATABASE_DIRECT_URL: PostgreSQL itself when `databaseUrl` is a transaction-pooling
   * proxy (PgBouncer), for what needs a session of its own: LISTEN and the migrations' lock.
   * Defaults to `databaseUrl`.
   */
  databaseDirectUrl: string | undefined;
  /** DATABASE_POOL_SIZE: pooled PostgreSQL connections (default: 2 per core, 4 to 20). */
  databasePoolSize: number;
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
  /** LATCHKEY_OPERATOR_KEY: an operator key accepted beside the stored ones (the first one in production; docs/provider-api.md "Operator keys"). */
  operatorKey: string | undefined;
  /** LATCHKEY_TRUSTED_PROXIES / LATCHKEY_FORWARDED_HEADER: how a client's address is found (socket only by default). */
  clientAddress: ClientAddressPolicy;
  logLevel: string;
  /** LATCHKEY_REQUEST_LOG: the per-request lines (every request at info in development, debug in production). */
  requestLog: RequestLogPolicy;
  /** LATCHKEY_SEND_LIMIT_*: send limits of the development project, over its stored ones (tests, e2e). */
  sendLimitOverrides: Partial<SendLimits>;
  /** LATCHKEY_SMS_* / LATCHKEY_WHATSAPP_FROM: the Twilio-style messaging API; the dev outbox (development) when absent. */
  messagingApi: MessagingApiConfig | undefined;
  /**
   * LATCHKEY_BREACHED_PASSWORDS_RANGE_URL: a k-anonymity range API in the Pwned Passwords
   * format (`{url}{5 hex digits}` → `SUFFIX:COUNT` lines), asked beside the bundled list.
   */
  breachedPasswordsRangeUrl: string | undefined;
  /** LATCHKEY_DEV_CLOCK=1: POST /dev/clock may move time forward (development mode only; end-to-end tests). */
  devClock: boolean;
  /**
   * LATCHKEY_WEBHOOK_CLAIM_SECONDS: how long a webhook worker's claim on a delivery lasts before
   * another process may take it over (60 by default; tests of a killed process use less).
   */
  webhookClaimSeconds: number | undefined;
  /** LATCHKEY_ETHEREUM_RPC_URLS (`1=https://…,8453=https://…`): chain id → RPC for ERC-1271/6492 contract wallets. */
  ethereumRpcUrls: ReadonlyMap<number, string>;
  /**
   * LATCHKEY_RECAPTCHA_ASSESSMENT_URL / LATCHKEY_RECAPTCHA_API_KEY: reCAPTCHA Enterprise's
   * assessments endpoint and its API key, for projects with a captcha site key (SECURITY A7).
   */
  recaptcha: RecaptchaConfig | undefined;
  /** LATCHKEY_AUDIT_RETENTION_DAYS: how long the audit log keeps a record (default 365, 1 to 3650). */
  auditRetentionDays: number;
  // Graceful shutdown (issue 23).
  /** LATCHKEY_SHUTDOWN_DRAIN_SECONDS: how long /readyz answers 503 before the listener closes (default 0). */
  shutdownDrainSeconds: number;
  /** LATCHKEY_SHUTDOWN_GRACE_SECONDS: how long in-flight requests and workers get to finish (default 10). */
  shutdownGraceSeconds: number;
  // Issue 23, observability and upkeep (docs/provider-api.md "Metrics and traces", "Retention").
  /** LATCHKEY_METRICS_PORT / _HOST / _TOKEN: where GET /metrics is served; undefined: nowhere. */
  metrics: MetricsConfig | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) set, or LATCHKEY_OTEL=1: OpenTelemetry traces on. */
  otel: boolean;
  /** LATCHKEY_RETENTION_*: the scheduled clean-up of dead rows (retention/retention-policy.ts). */
  retention: RetentionSettings;
}

/** Where captcha tokens are assessed. */
export interface RecaptchaConfig {
  /** e.g. `https://recaptchaenterprise.googleapis.com/v1/projects/{gcp-project}/assessments`. */
  assessmentUrl: string;
  /** Sent as `?key=`. */
  apiKey: string;
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

/** LATCHKEY_AUDIT_RETENTION_DAYS: whole days within the policy's range; unset, the default. */
function parseAuditRetentionDays(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_AUDIT_RETENTION_DAYS;
  const days = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(days >= MIN_AUDIT_RETENTION_DAYS && days <= MAX_AUDIT_RETENTION_DAYS)) {
    throw new ConfigError(
      `LATCHKEY_AUDIT_RETENTION_DAYS must be a whole number of days from ${MIN_AUDIT_RETENTION_DAYS} to ${MAX_AUDIT_RETENTION_DAYS}`,
    );
  }
  return days;
}

/** A whole number of seconds from `min` to `max`; unset, `fallback`. */
function parseSeconds(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const seconds = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(seconds >= min && seconds <= max)) {
    throw new ConfigError(`${name} must be a whole number of seconds from ${min} to ${max}, got "${raw}"`);
  }
  return seconds;
}

/** Reads every LATCHKEY_SEND_LIMIT_* variable that is set; a bad value refuses to start. */
function parseSendLimitOverrides(env: NodeJS.ProcessEnv): Partial<SendLimits> {
  const overrides: Partial<SendLimits> = {};
  for (const [field, { env: name, min, max }] of Object.entries(SEND_LIMIT_FIELDS) as Array<
    [keyof SendLimits, (typeof SEND_LIMIT_FIELDS)[keyof SendLimits]]
  >) {
    const raw = nonEmpty(env[name]);
    if (raw === undefined) continue;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!isValidSendLimit(field, value)) {
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    }
    overrides[field] = value;
  }
  return overrides;
}

const MESSAGING_VARIABLES = [
  'LATCHKEY_SMS_ACCOUNT_SID',
  'LATCHKEY_SMS_AUTH_TOKEN',
  'LATCHKEY_SMS_FROM',
  'LATCHKEY_WHATSAPP_FROM',
] as const;

/**
 * Reads the messaging API settings. Half a configuration refuses to start rather than
 * silently falling back to the outbox (or to refusing every text message).
 */
function parseMessagingApi(env: NodeJS.ProcessEnv): MessagingApiConfig | undefined {
  const apiUrl = nonEmpty(env.LATCHKEY_SMS_API_URL);
  if (apiUrl === undefined) {
    const stray = MESSAGING_VARIABLES.find((name) => nonEmpty(env[name]) !== undefined);
    if (stray) throw new ConfigError(`${stray} is set but LATCHKEY_SMS_API_URL is not`);
    return undefined;
  }
  if (!/^https?:\/\/[^\s]+$/.test(apiUrl)) {
    throw new ConfigError('LATCHKEY_SMS_API_URL must start with https:// (or http://)');
  }
  const accountSid = nonEmpty(env.LATCHKEY_SMS_ACCOUNT_SID);
  const authToken = nonEmpty(env.LATCHKEY_SMS_AUTH_TOKEN);
  if (accountSid === undefined || authToken === undefined) {
    throw new ConfigError('LATCHKEY_SMS_API_URL needs LATCHKEY_SMS_ACCOUNT_SID and LATCHKEY_SMS_AUTH_TOKEN');
  }
  const smsFrom = nonEmpty(env.LATCHKEY_SMS_FROM);
  const whatsappFrom = nonEmpty(env.LATCHKEY_WHATSAPP_FROM);
  if (smsFrom === undefined && whatsappFrom === undefined) {
    throw new ConfigError('LATCHKEY_SMS_API_URL needs LATCHKEY_SMS_FROM and/or LATCHKEY_WHATSAPP_FROM');
  }
  return { apiUrl, accountSid, authToken, smsFrom, whatsappFrom };
}

/**
 * Reads LATCHKEY_ETHEREUM_RPC_URLS, `chainId=url` entries separated by commas. A bad entry
 * refuses to start; errors name the entry, never the URL (it may hold an API key).
 */
function parseEthereumRpcUrls(env: NodeJS.ProcessEnv): ReadonlyMap<number, string> {
  const urls = new Map<number, string>();
  const raw = nonEmpty(env.LATCHKEY_ETHEREUM_RPC_URLS);
  if (raw === undefined) return urls;
  raw.split(',').forEach((entry, index) => {
    const match = /^([1-9][0-9]{0,15})=(https?:\/\/\S+)$/.exec(entry.trim());
    const chainId = Number(match?.[1]);
    if (!match || !Number.isSafeInteger(chainId) || !URL.canParse(match[2] as string)) {
      throw new ConfigError(
        `LATCHKEY_ETHEREUM_RPC_URLS entry ${index + 1} must be chainId=https://url (e.g. 1=https://rpc.example.com)`,
      );
    }
    if (urls.has(chainId)) {
      throw new ConfigError(`LATCHKEY_ETHEREUM_RPC_URLS names chain ${chainId} twice`);
    }
    urls.set(chainId, match[2] as string);
  });
  return urls;
}

/**
 * Reads the reCAPTCHA settings: both or neither, and the URL https (http on loopback, for tests).
 * Errors never print the key.
 */
function parseRecaptcha(env: NodeJS.ProcessEnv): RecaptchaConfig | undefined {
  const assessmentUrl = nonEmpty(env.LATCHKEY_RECAPTCHA_ASSESSMENT_URL);
  const apiKey = nonEmpty(env.LATCHKEY_RECAPTCHA_API_KEY);
  if (assessmentUrl === undefined && apiKey === undefined) return undefined;
  if (assessmentUrl === undefined) {
    throw new ConfigError('LATCHKEY_RECAPTCHA_API_KEY is set but LATCHKEY_RECAPTCHA_ASSESSMENT_URL is not');
  }
  if (apiKey === undefined) {
    throw new ConfigError('LATCHKEY_RECAPTCHA_ASSESSMENT_URL needs LATCHKEY_RECAPTCHA_API_KEY');
  }
  const problem = upstreamUrlProblem(assessmentUrl, 'LATCHKEY_RECAPTCHA_ASSESSMENT_URL');
  if (problem) throw new ConfigError(problem);
  return { assessmentUrl, apiKey };
}

const FORWARDED_HEADERS: readonly ForwardedHeaderName[] = ['x-forwarded-for', 'forwarded'];

/**
 * Reads LATCHKEY_TRUSTED_PROXIES and LATCHKEY_FORWARDED_HEADER. The removed LATCHKEY_TRUST_PROXY
 * refuses to start whatever its value: it believed the left-most X-Forwarded-For entry, which the
 * client writes, and a deployment that set it must now name its proxies instead.
 */
function parseClientAddress(env: NodeJS.ProcessEnv): ClientAddressPolicy {
  if (nonEmpty(env.LATCHKEY_TRUST_PROXY) !== undefined) {
    throw new ConfigError(
      "LATCHKEY_TRUST_PROXY is no longer read (it believed the client-written left-most X-Forwarded-For entry): unset it, and behind a reverse proxy set LATCHKEY_TRUSTED_PROXIES to the proxy's address (e.g. 127.0.0.1) or hop count",
    );
  }
  const trusted = parseTrustedProxies(env.LATCHKEY_TRUSTED_PROXIES, 'LATCHKEY_TRUSTED_PROXIES');
  if (!trusted.ok) throw new ConfigError(trusted.problem);
  const header = nonEmpty(env.LATCHKEY_FORWARDED_HEADER)?.toLowerCase();
  if (header === undefined) return { trustedProxies: trusted.value, header: 'x-forwarded-for' };
  if (!FORWARDED_HEADERS.includes(header as ForwardedHeaderName)) {
    throw new ConfigError(`LATCHKEY_FORWARDED_HEADER must be x-forwarded-for or forwarded, got "${header}"`);
  }
  if (trusted.value.kind === 'none') {
    throw new ConfigError('LATCHKEY_FORWARDED_HEADER is set but LATCHKEY_TRUSTED_PROXIES is not');
  }
  return { trustedProxies: trusted.value, header: header as ForwardedHeaderName };
}

/** Options of loadConfig. */
export interface LoadConfigOptions {
  /**
   * The server needs real transports and the production guards (production-guards.ts) in
   * production; the CLI sends nothing, listens nowhere and needs neither.
   */
  requireTransports?: boolean;
  /** Where `latchkey.config.json` is looked for when LATCHKEY_CONFIG is unset (default: the working directory). */
  cwd?: string;
}

/** The environment with the file's settings beneath it: a variable that is set wins. */
function withFile(env: NodeJS.ProcessEnv, file: ConfigFile): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(file.variables)) {
    if (nonEmpty(env[name]) === undefined) merged[name] = value;
    else file.pointers.delete(name);
  }
  return merged;
}

/** A refusal about a variable the file set says where: the operator edits the file, not the environment. */
function pointingAtFile(error: ConfigError, file: ConfigFile): ConfigError {
  const places = [...file.pointers]
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(error.message))
    .map(([name, pointer]) => `${name} is ${pointer} in ${file.path}`);
  if (places.length === 0) return error;
  return new ConfigError(`${error.message} (${places.join('; ')})`, { cause: error });
}

/**
 * Builds the configuration from environment variables over `latchkey.config.json` (or the file
 * LATCHKEY_CONFIG names), see docs/provider-api.md#configuration.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: LoadConfigOptions = {},
): ProviderConfig {
  let file: ConfigFile | undefined;
  try {
    file = readConfigFile(env, options.cwd);
  } catch (error) {
    if (error instanceof ConfigFileError) throw new ConfigError(error.message, { cause: error });
    throw error;
  }
  if (file === undefined) return configFromEnv(env, options);
  try {
    return configFromEnv(withFile(env, file), options);
  } catch (error) {
    throw error instanceof ConfigError ? pointingAtFile(error, file) : error;
  }
}

function configFromEnv(env: NodeJS.ProcessEnv, options: LoadConfigOptions): ProviderConfig {
  const mode: ProviderMode = env.NODE_ENV === 'production' ? 'production' : 'development';
  const port = parsePort(env.PORT);
  const smtpUrl = nonEmpty(env.SMTP_URL);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const databaseDirectUrl = nonEmpty(env.LATCHKEY_DATABASE_DIRECT_URL);
  if (databaseDirectUrl !== undefined) {
    if (databaseUrl === undefined)
      throw new ConfigError(
        'LATCHKEY_DATABASE_DIRECT_URL needs DATABASE_URL (the pooled connection) as well',
      );
    if (!/^postgres(ql)?:\/\//.test(databaseDirectUrl))
      throw new ConfigError('LATCHKEY_DATABASE_DIRECT_URL must start with postgres:// or postgresql://');
  }
  const poolSize = parsePoolSize(env.DATABASE_POOL_SIZE);
  if (!poolSize.ok) throw new ConfigError(poolSize.problem);
  const devClock = env.LATCHKEY_DEV_CLOCK === '1';
  if (devClock && mode === 'production') {
    throw new ConfigError('LATCHKEY_DEV_CLOCK is for development only; unset it when NODE_ENV=production');
  }
  const breachedPasswordsRangeUrl = nonEmpty(env.LATCHKEY_BREACHED_PASSWORDS_RANGE_URL);
  if (breachedPasswordsRangeUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(breachedPasswordsRangeUrl)) {
    throw new ConfigError(
      'LATCHKEY_BREACHED_PASSWORDS_RANGE_URL must be an https:// URL, e.g. https://api.pwnedpasswords.com/range/',
    );
  }
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  const webhookClaim = nonEmpty(env.LATCHKEY_WEBHOOK_CLAIM_SECONDS);
  const webhookClaimSeconds = webhookClaim === undefined ? undefined : Number(webhookClaim);
  if (
    webhookClaimSeconds !== undefined &&
    !(Number.isInteger(webhookClaimSeconds) && webhookClaimSeconds >= 1)
  )
    throw new ConfigError('LATCHKEY_WEBHOOK_CLAIM_SECONDS must be a whole number of seconds, 1 or more');
  const requestLog = parseRequestLogPolicy(nonEmpty(env.LATCHKEY_REQUEST_LOG), mode);
  if (!requestLog.ok) throw new ConfigError(requestLog.problem);
  const auditRetentionDays = parseAuditRetentionDays(nonEmpty(env.LATCHKEY_AUDIT_RETENTION_DAYS));
  const operatorKey = nonEmpty(env.LATCHKEY_OPERATOR_KEY);
  if (operatorKey !== undefined && operatorKey.length < MIN_OPERATOR_KEY_LENGTH) {
    throw new ConfigError(
      `LATCHKEY_OPERATOR_KEY must be at least ${MIN_OPERATOR_KEY_LENGTH} characters (e.g. openssl rand -base64 32)`,
    );
  }
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const keyEncryptionSecret = nonEmpty(env.LATCHKEY_KEY_ENCRYPTION_SECRET);
  // Production guards (issue 23): every missing requirement in one refusal. DESIGN: production
  // refuses to start without a real transport for the products it enables (SMTP_URL).
  if (mode === 'production' && options.requireTransports !== false) {
    const problems = productionProblems({
      host,
      publicUrl: nonEmpty(env.LATCHKEY_PUBLIC_URL),
      keyEncryptionSecret,
      smtpUrl,
      trustedProxiesSet: nonEmpty(env.LATCHKEY_TRUSTED_PROXIES) !== undefined,
    });
    if (problems.length > 0) {
      throw new ConfigError(
        `NODE_ENV=production refuses to start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
      );
    }
  }
  return {
    mode,
    host,
    port,
    dataDir: resolve(nonEmpty(env.LATCHKEY_DATA_DIR) ?? join(findRepoRoot(), '.data')),
    databaseUrl,
    databaseDirectUrl: databaseDirectUrl ?? databaseUrl,
    databasePoolSize: poolSize.value ?? defaultPoolSize(),
    smtpUrl,
    mailFrom: nonEmpty(env.LATCHKEY_MAIL_FROM) ?? 'Latchkey <no-reply@localhost>',
    issuer: (nonEmpty(env.LATCHKEY_ISSUER) ?? 'stytch.com').replace(/\/+$/, ''),
    publicUrl: (nonEmpty(env.LATCHKEY_PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    keyEncryptionSecret,
    operatorKey,
    clientAddress: parseClientAddress(env),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    requestLog: requestLog.policy,
    sendLimitOverrides: parseSendLimitOverrides(env),
    messagingApi: parseMessagingApi(env),
    breachedPasswordsRangeUrl,
    devClock,
    webhookClaimSeconds,
    ethereumRpcUrls: parseEthereumRpcUrls(env),
    recaptcha: parseRecaptcha(env),
    auditRetentionDays,
    // Graceful shutdown (issue 23).
    shutdownDrainSeconds: parseSeconds(env, 'LATCHKEY_SHUTDOWN_DRAIN_SECONDS', 0, 0, 300),
    shutdownGraceSeconds: parseSeconds(env, 'LATCHKEY_SHUTDOWN_GRACE_SECONDS', 10, 1, 3600),
    ...parseObservability(env),
  };
}

/** Issue 23's metrics and traces settings. */
function parseObservability(env: NodeJS.ProcessEnv): Pick<ProviderConfig, 'metrics' | 'otel' | 'retention'> {
  const metrics = parseMetricsConfig(env);
  if (!metrics.ok) throw new ConfigError(metrics.problem);
  const otel =
    env.LATCHKEY_OTEL === '1' ||
    nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT) !== undefined ||
    nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) !== undefined;
  return { metrics: metrics.value, otel, retention: parseRetention(env) };
}

/** LATCHKEY_RETENTION_* (whole numbers; unset, the defaults). */
function parseRetention(env: NodeJS.ProcessEnv): RetentionSettings {
  const read = (name: string, fallback: number, min: number, max: number): number => {
    const raw = nonEmpty(env[name]);
    if (raw === undefined) return fallback;
    const value = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= min && value <= max))
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    return value;
  };
  return {
    intervalMinutes: read('LATCHKEY_RETENTION_INTERVAL_MINUTES', DEFAULT_RETENTION.intervalMinutes, 0, 1440),
    sessionsDays: read('LATCHKEY_RETENTION_SESSIONS_DAYS', DEFAULT_RETENTION.sessionsDays, 0, 3650),
    tokensHours: read('LATCHKEY_RETENTION_TOKENS_HOURS', DEFAULT_RETENTION.tokensHours, 0, 8760),
    sdkEventsDays: read('LATCHKEY_RETENTION_SDK_EVENTS_DAYS', DEFAULT_RETENTION.sdkEventsDays, 1, 3650),
    outboxDays: read('LATCHKEY_RETENTION_OUTBOX_DAYS', DEFAULT_RETENTION.outboxDays, 1, 3650),
  };
}

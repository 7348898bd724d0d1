/**
 * @module config-file — `latchkey.config.json`, the same settings as the environment variables in
 * one validated file (docs/provider-api.md#configuration). The file becomes the variables it
 * stands for, so one set of parsers checks every value however it was given; a variable that is
 * set wins over the file. JSON only: a `.ts` file would run code at start and need a loader.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';

/** The file looked for in the working directory when LATCHKEY_CONFIG does not name one. */
export const CONFIG_FILE_NAME = 'latchkey.config.json';

const text = (description: string) => Type.String({ minLength: 1, description });
const wholeNumber = (description: string, minimum: number) => Type.Integer({ minimum, description });
const group = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Optional(Type.Object(properties, { additionalProperties: false }));

/** Every key the file may hold; unknown keys are refused with their path. */
export const ConfigFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    mode: Type.Optional(Type.Union([Type.Literal('development'), Type.Literal('production')])),
    host: Type.Optional(text('HOST')),
    port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535, description: 'PORT' })),
    publicUrl: Type.Optional(text('LATCHKEY_PUBLIC_URL')),
    issuer: Type.Optional(text('LATCHKEY_ISSUER')),
    dataDir: Type.Optional(text('LATCHKEY_DATA_DIR')),
    keyEncryptionSecret: Type.Optional(text('LATCHKEY_KEY_ENCRYPTION_SECRET')),
    operatorKey: Type.Optional(text('LATCHKEY_OPERATOR_KEY')),
    logLevel: Type.Optional(text('LOG_LEVEL')),
    requestLog: Type.Optional(Type.Union([text('LATCHKEY_REQUEST_LOG'), Type.Number()])),
    database: group({
      url: Type.Optional(text('DATABASE_URL')),
      directUrl: Type.Optional(text('LATCHKEY_DATABASE_DIRECT_URL')),
      poolSize: Type.Optional(wholeNumber('DATABASE_POOL_SIZE', 1)),
    }),
    email: group({
      smtpUrl: Type.Optional(text('SMTP_URL')),
      from: Type.Optional(text('LATCHKEY_MAIL_FROM')),
    }),
    proxies: group({
      trusted: Type.Optional(
        Type.Union([
          text('LATCHKEY_TRUSTED_PROXIES'),
          Type.Array(text('an address or range')),
          Type.Integer(),
        ]),
      ),
      forwardedHeader: Type.Optional(
        Type.Union([Type.Literal('x-forwarded-for'), Type.Literal('forwarded')]),
      ),
    }),
    sms: group({
      apiUrl: Type.Optional(text('LATCHKEY_SMS_API_URL')),
      accountSid: Type.Optional(text('LATCHKEY_SMS_ACCOUNT_SID')),
      authToken: Type.Optional(text('LATCHKEY_SMS_AUTH_TOKEN')),
      from: Type.Optional(text('LATCHKEY_SMS_FROM')),
      whatsappFrom: Type.Optional(text('LATCHKEY_WHATSAPP_FROM')),
    }),
    recaptcha: group({
      assessmentUrl: Type.Optional(text('LATCHKEY_RECAPTCHA_ASSESSMENT_URL')),
      apiKey: Type.Optional(text('LATCHKEY_RECAPTCHA_API_KEY')),
    }),
    breachedPasswordsRangeUrl: Type.Optional(text('LATCHKEY_BREACHED_PASSWORDS_RANGE_URL')),
    ethereumRpcUrls: Type.Optional(
      Type.Record(Type.String({ pattern: '^[1-9][0-9]*$' }), text('an RPC URL'), {
        additionalProperties: false,
      }),
    ),
    auditRetentionDays: Type.Optional(wholeNumber('LATCHKEY_AUDIT_RETENTION_DAYS', 1)),
    webhookClaimSeconds: Type.Optional(wholeNumber('LATCHKEY_WEBHOOK_CLAIM_SECONDS', 1)),
    shutdown: group({
      drainSeconds: Type.Optional(wholeNumber('LATCHKEY_SHUTDOWN_DRAIN_SECONDS', 0)),
      graceSeconds: Type.Optional(wholeNumber('LATCHKEY_SHUTDOWN_GRACE_SECONDS', 1)),
    }),
    metrics: group({
      port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'LATCHKEY_METRICS_PORT' })),
      host: Type.Optional(text('LATCHKEY_METRICS_HOST')),
      token: Type.Optional(text('LATCHKEY_METRICS_TOKEN')),
    }),
    retention: group({
      intervalMinutes: Type.Optional(wholeNumber('LATCHKEY_RETENTION_INTERVAL_MINUTES', 0)),
      sessionsDays: Type.Optional(wholeNumber('LATCHKEY_RETENTION_SESSIONS_DAYS', 0)),
      tokensHours: Type.Optional(wholeNumber('LATCHKEY_RETENTION_TOKENS_HOURS', 0)),
      sdkEventsDays: Type.Optional(wholeNumber('LATCHKEY_RETENTION_SDK_EVENTS_DAYS', 1)),
      outboxDays: Type.Optional(wholeNumber('LATCHKEY_RETENTION_OUTBOX_DAYS', 1)),
    }),
  },
  { additionalProperties: false },
);

type Joinable = string | number | readonly string[] | Readonly<Record<string, string>>;

/** JSON pointer in the file → the variable it stands for. Add a line here for a new variable. */
const FILE_KEYS: ReadonlyArray<readonly [pointer: string, variable: string]> = [
  ['/mode', 'NODE_ENV'],
  ['/host', 'HOST'],
  ['/port', 'PORT'],
  ['/publicUrl', 'LATCHKEY_PUBLIC_URL'],
  ['/issuer', 'LATCHKEY_ISSUER'],
  ['/dataDir', 'LATCHKEY_DATA_DIR'],
  ['/keyEncryptionSecret', 'LATCHKEY_KEY_ENCRYPTION_SECRET'],
  ['/operatorKey', 'LATCHKEY_OPERATOR_KEY'],
  ['/logLevel', 'LOG_LEVEL'],
  ['/requestLog', 'LATCHKEY_REQUEST_LOG'],
  ['/database/url', 'DATABASE_URL'],
  ['/database/directUrl', 'LATCHKEY_DATABASE_DIRECT_URL'],
  ['/database/poolSize', 'DATABASE_POOL_SIZE'],
  ['/email/smtpUrl', 'SMTP_URL'],
  ['/email/from', 'LATCHKEY_MAIL_FROM'],
  ['/proxies/trusted', 'LATCHKEY_TRUSTED_PROXIES'],
  ['/proxies/forwardedHeader', 'LATCHKEY_FORWARDED_HEADER'],
  ['/sms/apiUrl', 'LATCHKEY_SMS_API_URL'],
  ['/sms/accountSid', 'LATCHKEY_SMS_ACCOUNT_SID'],
  ['/sms/authToken', 'LATCHKEY_SMS_AUTH_TOKEN'],
  ['/sms/from', 'LATCHKEY_SMS_FROM'],
  ['/sms/whatsappFrom', 'LATCHKEY_WHATSAPP_FROM'],
  ['/recaptcha/assessmentUrl', 'LATCHKEY_RECAPTCHA_ASSESSMENT_URL'],
  ['/recaptcha/apiKey', 'LATCHKEY_RECAPTCHA_API_KEY'],
  ['/breachedPasswordsRangeUrl', 'LATCHKEY_BREACHED_PASSWORDS_RANGE_URL'],
  ['/ethereumRpcUrls', 'LATCHKEY_ETHEREUM_RPC_URLS'],
  ['/auditRetentionDays', 'LATCHKEY_AUDIT_RETENTION_DAYS'],
  ['/webhookClaimSeconds', 'LATCHKEY_WEBHOOK_CLAIM_SECONDS'],
  ['/shutdown/drainSeconds', 'LATCHKEY_SHUTDOWN_DRAIN_SECONDS'],
  ['/shutdown/graceSeconds', 'LATCHKEY_SHUTDOWN_GRACE_SECONDS'],
  ['/metrics/port', 'LATCHKEY_METRICS_PORT'],
  ['/metrics/host', 'LATCHKEY_METRICS_HOST'],
  ['/metrics/token', 'LATCHKEY_METRICS_TOKEN'],
  ['/retention/intervalMinutes', 'LATCHKEY_RETENTION_INTERVAL_MINUTES'],
  ['/retention/sessionsDays', 'LATCHKEY_RETENTION_SESSIONS_DAYS'],
  ['/retention/tokensHours', 'LATCHKEY_RETENTION_TOKENS_HOURS'],
  ['/retention/sdkEventsDays', 'LATCHKEY_RETENTION_SDK_EVENTS_DAYS'],
  ['/retention/outboxDays', 'LATCHKEY_RETENTION_OUTBOX_DAYS'],
];

/** A read configuration file: the variables it sets and where each came from. */
export interface ConfigFile {
  path: string;
  /** Variable → its value, written as the variable would be. */
  variables: Record<string, string>;
  /** Variable → its JSON pointer in the file, for error messages. */
  pointers: Map<string, string>;
}

/** Thrown for a file that cannot be read or does not match the schema. */
export class ConfigFileError extends Error {
  override readonly name = 'ConfigFileError';
}

function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const key of pointer.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A value as its variable is written: lists comma-separated, chain maps as `id=url`. */
function asVariable(value: Joinable): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(',');
  return Object.entries(value)
    .map(([key, entry]) => `${key}=${entry}`)
    .join(',');
}

/** One sentence per problem, each naming the key by its path (`/email/smtpUrl`). */
function schemaProblems(document: unknown): string[] {
  const problems: string[] = [];
  for (const error of Value.Errors(ConfigFileSchema, document)) {
    if (error.keyword === 'boolean') continue; // the additionalProperties error names it better
    if (error.keyword === 'additionalProperties') {
      const names = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      for (const name of names) problems.push(`unknown key ${error.instancePath}/${name}`);
      continue;
    }
    if (error.keyword === 'anyOf' && problems.some((p) => p.startsWith(`${error.instancePath} `))) continue;
    problems.push(`${error.instancePath || '/'} ${error.message}`);
  }
  return [...new Set(problems)];
}

/**
 * Reads LATCHKEY_CONFIG, or `latchkey.config.json` in `cwd` when that variable is unset and the
 * file exists; undefined when there is no file to read. A named file that is missing, unreadable,
 * not JSON or off the schema throws, naming every key at fault.
 */
export function readConfigFile(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ConfigFile | undefined {
  const named = env.LATCHKEY_CONFIG?.trim();
  const path = resolve(cwd, named || CONFIG_FILE_NAME);
  if (!named && !existsSync(path)) return undefined;
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? `is not JSON (${error.message})` : 'cannot be read';
    throw new ConfigFileError(`${path} ${reason}${named ? ' (LATCHKEY_CONFIG)' : ''}`, { cause: error });
  }
  const problems = schemaProblems(document);
  if (problems.length > 0) throw new ConfigFileError(`${path}: ${problems.join('; ')}`);
  const variables: Record<string, string> = {};
  const pointers = new Map<string, string>();
  for (const [pointer, variable] of FILE_KEYS) {
    const value = valueAt(document, pointer);
    if (value === undefined) continue;
    variables[variable] = asVariable(value as Joinable);
    pointers.set(variable, pointer);
  }
  return { path, variables, pointers };
}

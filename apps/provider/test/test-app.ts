/** Builds a provider app on a fresh database with a manual clock, plus intent-named helpers for tests. */
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../src/app.js';
import {
  type Clock,
  createManualClock,
  createOffsetClock,
  type ManualClock,
  type OffsetClock,
} from '../src/clock.js';
import type { RecaptchaConfig } from '../src/config.js';
import { createPasswordHasher, type PasswordHasher } from '../src/crypto/password-hasher.js';
import type { ChangeFeed } from '../src/db/change-feed.js';
import type { Db } from '../src/db/database.js';
import type { DeliveryWorkerSettings } from '../src/delivery/delivery-worker.js';
import type { Mailer } from '../src/email/mailer.js';
import { createOutboxMailer } from '../src/email/outbox-mailer.js';
import type { Project } from '../src/features/projects/project.js';
import {
  type CreateProjectOptions,
  createProject,
  type ProjectCredentials,
} from '../src/features/projects/projects.service.js';
import type { SendLimits } from '../src/features/projects/send-limits.js';
import type { WebhookWorkerSettings } from '../src/features/webhooks/webhook-worker.js';
import type { ClientAddressPolicy } from '../src/http/client-address.js';
import type { ForwardedHeaderName } from '../src/http/forwarded-hops.js';
import { parseTrustedProxies } from '../src/http/trusted-proxies.js';
import type { RequestLogPolicy } from '../src/logging/request-log.js';
import type { Messenger } from '../src/messaging/messenger.js';
import { createOutboxMessenger } from '../src/messaging/outbox-messenger.js';
import type { ProviderMetrics } from '../src/metrics/provider-metrics.js';
import { cryptoRandom } from '../src/random.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database.js';

/** A demo page origin the dev project accepts (docs/contracts.md). */
export const DEMO_ORIGIN = 'http://localhost:4100';
export const DEMO_REDIRECT = 'http://localhost:4100/authenticate';

/**
 * Send limits of test projects unless a test names its own: high enough that suites sending
 * many links to one address from one IP never meet them, yet every send still goes through the
 * limiter. Tests of the limits pass `sendLimits: DEFAULT_SEND_LIMITS` (or their own).
 */
export const LENIENT_SEND_LIMITS: Partial<SendLimits> = {
  recipientIntervalSeconds: 0,
  recipientPerWindow: 10_000,
  ipPerWindow: 100_000,
  projectPerWindow: 1_000_000,
};

/** Cheap argon2id parameters for tests; production uses PRODUCTION_ARGON2 (m=19 456 KiB, t=2, p=1). */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Everything a provider test needs. */
export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  clock: ManualClock;
  /** What the context was created with (a second instance takes the same). */
  options: TestContextOptions;
  /** The development project (any local origin and redirect). */
  dev: ProjectCredentials & { project: Project };
  /** Creates another project. */
  givenProject(
    options: Omit<CreateProjectOptions, 'name'> & { name?: string },
  ): Promise<ProjectCredentials & { project: Project }>;
  close(): Promise<void>;
}

/** Options of createTestContext. */
export interface TestContextOptions {
  mode?: 'development' | 'production';
  mailer?: Mailer;
  /** SMS/WhatsApp transport; the dev outbox by default. */
  messenger?: Messenger;
  logger?: FastifyBaseLogger;
  /** LATCHKEY_REQUEST_LOG as loadConfig reads it; the mode's default when absent. */
  requestLog?: RequestLogPolicy;
  devProject?: Omit<CreateProjectOptions, 'name'>;
  /** LATCHKEY_SEND_LIMIT_* as loadConfig would read them. */
  sendLimitOverrides?: Partial<SendLimits>;
  /** Password hashing; by default argon2id with test-cheap parameters (m=1 MiB, t=1). */
  passwordHasher?: PasswordHasher;
  /** Recovery-code hashing; the app's default (production RECOVERY_CODE_ARGON2, ≈1 ms a hash) when absent. */
  recoveryCodeHasher?: PasswordHasher;
  /** LATCHKEY_BREACHED_PASSWORDS_RANGE_URL: the k-anonymity range API asked beside the bundled list. */
  breachedPasswordsRangeUrl?: string;
  /** LATCHKEY_DEV_CLOCK=1: the app's clock is the manual clock plus POST /dev/clock's offset. */
  devClock?: boolean;
  /** LATCHKEY_PUBLIC_URL (the OAuth callback's origin); the app's default when absent. */
  publicUrl?: string;
  /** Serve the development OpenID issuer (main.ts does in development); off by default. */
  devOidcIssuer?: boolean;
  /** LATCHKEY_KEY_ENCRYPTION_SECRET; `null` stores secrets unsealed. A test secret by default. */
  keyEncryptionSecret?: string | null;
  /** LATCHKEY_ETHEREUM_RPC_URLS: chain id → RPC URL for contract-wallet signatures; none by default. */
  ethereumRpcUrls?: ReadonlyMap<number, string>;
  /** LATCHKEY_RECAPTCHA_ASSESSMENT_URL and _API_KEY; unset by default. */
  recaptcha?: RecaptchaConfig;
  /** How long a reCAPTCHA assessment may take (the app's 5 s by default). */
  captchaTimeoutMs?: number;
  /** LATCHKEY_TRUSTED_PROXIES (e.g. `127.0.0.1` or `1`); unset: the socket address, forwarded headers ignored. */
  trustedProxies?: string;
  /** LATCHKEY_FORWARDED_HEADER; `x-forwarded-for` by default. */
  forwardedHeader?: ForwardedHeaderName;
  /** Kysely plugins on the app's database handle (fault injection); `ctx.db` stays plain. */
  dbPlugins?: KyselyPlugin[];
  /** Where the database lives (in memory by default). */
  database?: TestDatabaseOptions;
  /**
   * The delivery worker's settings; by default `autoStart: false`, so queued emails and texts go
   * out exactly when a test drains the queue (drainDeliveries; the outbox and row-count helpers
   * do), never in the middle of a test's own reads.
   */
  delivery?: DeliveryWorkerSettings;
  /** The webhook worker's settings; by default `autoStart: false` (tests drain `app.webhooks`). */
  webhooks?: WebhookWorkerSettings;
  /** Prometheus metrics (issue 23); none by default. */
  metrics?: ProviderMetrics;
  /** LATCHKEY_METRICS_TOKEN: GET /metrics on the app behind this bearer token (needs `metrics`). */
  metricsToken?: string;
}

/** LATCHKEY_TRUSTED_PROXIES and LATCHKEY_FORWARDED_HEADER as loadConfig reads them; socket only when unset. */
function clientAddressOf(options: TestContextOptions): ClientAddressPolicy | undefined {
  if (options.trustedProxies === undefined) return undefined;
  const parsed = parseTrustedProxies(options.trustedProxies, 'trustedProxies');
  if (!parsed.ok) throw new Error(parsed.problem);
  return { trustedProxies: parsed.value, header: options.forwardedHeader ?? 'x-forwarded-for' };
}

/**
 * Builds (does not ready) a provider app on `db` with `options`, as createTestContext does; a
 * second app on the same database is a second provider process (see test/second-instance.ts).
 */
export function buildTestApp(
  db: Db,
  clock: ManualClock,
  options: TestContextOptions,
  devClock?: OffsetClock,
  changeFeed?: (channel: string) => ChangeFeed,
): FastifyInstance {
  const appDb = (options.dbPlugins ?? []).reduce<Db>((wrapped, plugin) => wrapped.withPlugin(plugin), db);
  const deps = { clock: devClock ?? clock, random: cryptoRandom };
  // The dev outbox announces each message on the app's log, as `npm start` does.
  const announce = (line: string, fields: Record<string, string>) => options.logger?.info(fields, line);
  const mailer =
    options.mailer ??
    createOutboxMailer({
      db,
      ...deps,
      from: 'Latchkey <no-reply@localhost>',
      outboxUrl: 'http://localhost/dev/outbox',
      announce,
    });
  const messenger =
    options.messenger ??
    createOutboxMessenger({ db, ...deps, outboxUrl: 'http://localhost/dev/outbox', announce });
  return buildApp(
    {
      mode: options.mode ?? 'development',
      issuer: 'stytch.com',
      keyEncryptionSecret:
        options.keyEncryptionSecret === null
          ? undefined
          : (options.keyEncryptionSecret ?? 'test-key-encryption-secret'),
      ...(clientAddressOf(options) ? { clientAddress: clientAddressOf(options) } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      ...(options.requestLog ? { requestLog: options.requestLog } : {}),
      ...(options.devOidcIssuer ? { devOidcIssuer: true } : {}),
      ...(options.ethereumRpcUrls ? { ethereumRpcUrls: options.ethereumRpcUrls } : {}),
      ...(options.recaptcha ? { recaptcha: options.recaptcha } : {}),
      ...(options.sendLimitOverrides ? { sendLimitOverrides: options.sendLimitOverrides } : {}),
      ...(options.breachedPasswordsRangeUrl
        ? { breachedPasswordsRangeUrl: options.breachedPasswordsRangeUrl }
        : {}),
      ...(options.metricsToken
        ? { metrics: { port: undefined, host: '127.0.0.1', token: options.metricsToken } }
        : {}),
    },
    {
      db: appDb,
      ...deps,
      mailer,
      messenger,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(devClock ? { devClock } : {}),
      ...(options.captchaTimeoutMs === undefined ? {} : { captchaTimeoutMs: options.captchaTimeoutMs }),
      passwordHasher: options.passwordHasher ?? createPasswordHasher({ parameters: TEST_ARGON2 }),
      ...(options.recoveryCodeHasher ? { recoveryCodeHasher: options.recoveryCodeHasher } : {}),
      delivery: options.delivery ?? { autoStart: false },
      webhooks: options.webhooks ?? { autoStart: false },
      activity: { autoFlush: false },
      retention: { autoStart: false },
      ...(changeFeed ? { changeFeed } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
    },
  );
}

/** The dev outbox of `db`, silent: for an app or a recording mailer built beside the test context's. */
export function outboxMailerFor(db: Db, clock: Clock): Mailer {
  return createOutboxMailer({
    db,
    clock,
    random: cryptoRandom,
    from: 'Latchkey <no-reply@localhost>',
    outboxUrl: 'http://localhost/dev/outbox',
    announce: () => {},
  });
}

/** Builds the app on a fresh database; call `close()` in afterAll. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase(options.database);
  const { db } = database;
  const clock = createManualClock(new Date('2026-03-01T12:00:00.000Z'));
  const devClock = options.devClock ? createOffsetClock(clock) : undefined;
  const deps = { clock: devClock ?? clock, random: cryptoRandom };
  // Session checks cached and invalidated by the database's notifications, as `npm start` runs.
  const app = buildTestApp(db, clock, options, devClock, database.changeFeed);
  await app.ready();
  const givenProject: TestContext['givenProject'] = async (projectOptions) => {
    const { project, credentials } = await createProject(db, deps, {
      name: 'Test project',
      sendLimits: LENIENT_SEND_LIMITS,
      ...projectOptions,
    });
    return { ...credentials, project };
  };
  const dev = await givenProject({
    name: 'Development project',
    isDev: true,
    defaultLoginRedirectUrl: DEMO_REDIRECT,
    defaultSignupRedirectUrl: DEMO_REDIRECT,
    ...options.devProject,
  });
  return {
    app,
    db,
    database,
    clock,
    options,
    dev,
    givenProject,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Delivers every queued email and text (issue 16 item 4: they go out after the answer) and waits
 * until no delivery is due or running, in this app or another on the same database.
 */
export async function drainDeliveries(ctx: Pick<TestContext, 'app'>): Promise<void> {
  await ctx.app.deliveries.drain();
}

/** `Authorization: Basic base64(user:secret)`. */
export function basic(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}

/** Headers the SDK sends signed out (secret = public token) or signed in (secret = session token). */
export function sdkHeaders(publicToken: string, sessionToken?: string): Record<string, string> {
  return {
    authorization: basic(publicToken, sessionToken ?? publicToken),
    'content-type': 'application/json',
    origin: DEMO_ORIGIN,
    'x-sdk-parent-host': DEMO_ORIGIN,
  };
}

/** Parses a JSON response body; tests index into wire JSON freely, so the default is loose. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary wire JSON.
export function json<T = Record<string, any>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** `[status, error_type]` of an answer, to compare a refusal in one assertion. */
export function statusAndErrorType(response: LightMyRequestResponse): [number, string | undefined] {
  return [response.statusCode, json<{ error_type?: string }>(response).error_type];
}

/** The JSON body of a 200 answer; any other answer throws with its status and body, so a failing step says why. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary wire JSON.
export function okJson<T = Record<string, any>>(response: LightMyRequestResponse): T {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return json<T>(response);
}

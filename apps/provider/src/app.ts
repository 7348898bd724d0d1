/** @module app — builds the provider's Fastify instance from config and injected dependencies; never listens. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Clock, OffsetClock } from './clock.js';
import type { ProviderConfig } from './config.js';
import { createPasswordHasher, type PasswordHasher } from './crypto/password-hasher.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Db } from './db/database.js';
import type { DeliveryWorkerSettings } from './delivery/delivery-worker.js';
import { registerDeliveries } from './delivery/register-deliveries.js';
import type { Mailer } from './email/mailer.js';
import { createNoticesInFlight } from './email/notices-in-flight.js';
import { ApiError } from './errors/api-error.js';
import { handleError } from './errors/error-handler.js';
import { bootstrapRoutes } from './features/bootstrap/bootstrap.routes.js';
import { createCaptchaCheck } from './features/captcha/captcha-check.js';
import { createCaptchaReplayGuard } from './features/captcha/captcha-replay-guard.js';
import { createRecaptchaAssessor } from './features/captcha/recaptcha-assessment.js';
import { registerCaptchaCheck } from './features/captcha/require-captcha.js';
import { clientsideServicesRoutes } from './features/clientside-services/clientside-services.routes.js';
import { createCryptoWalletAuthenticateService } from './features/crypto-wallets/crypto-wallet-authenticate.service.js';
import { createChallengeStore as createWalletChallengeStore } from './features/crypto-wallets/crypto-wallet-challenges.js';
import { createCryptoWalletStartService } from './features/crypto-wallets/crypto-wallet-start.service.js';
import { cryptoWalletsRoutes } from './features/crypto-wallets/crypto-wallets.routes.js';
import { devClockRoutes } from './features/dev-clock/dev-clock.routes.js';
import { devOidcRoutes } from './features/dev-oidc/dev-oidc.routes.js';
import { createDevOidcIssuer, type DevOidcIssuer } from './features/dev-oidc/dev-oidc-issuer.js';
import { eventsRoutes } from './features/events/events.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createMagicLinkDelivery, MAGIC_LINK_JOB } from './features/magic-links/magic-link-delivery.js';
import { magicLinksRoutes } from './features/magic-links/magic-links.routes.js';
import { createMagicLinksAuthenticateService } from './features/magic-links/magic-links-authenticate.service.js';
import { createMagicLinksSendService } from './features/magic-links/magic-links-send.service.js';
import { createSecondFactorGate } from './features/mfa/defer-primary-sign-in.js';
import { createSecondFactorService } from './features/mfa/second-factor.service.js';
import { createSecondFactorLock } from './features/mfa/second-factor-lock.js';
import { oauthRoutes } from './features/oauth/oauth.routes.js';
import { createOAuthAuthenticateService } from './features/oauth/oauth-authenticate.service.js';
import { createOAuthCallbackService } from './features/oauth/oauth-callback.service.js';
import { createOAuthConfigSource } from './features/oauth/oauth-config-source.js';
import { createOAuthRegistrationsService } from './features/oauth/oauth-registrations.service.js';
import { oauthSdkRoutes } from './features/oauth/oauth-sdk.routes.js';
import { createOAuthStartService } from './features/oauth/oauth-start.service.js';
import { createUpstreamClient, type UpstreamClient } from './features/oauth/upstream/upstream-client.js';
import { oauthOneTapRoutes } from './features/oauth-one-tap/oauth-one-tap.routes.js';
import { createOneTapService } from './features/oauth-one-tap/oauth-one-tap.service.js';
import { createOtpDelivery, OTP_JOB } from './features/otps/otp-delivery.js';
import { otpsRoutes } from './features/otps/otps.routes.js';
import { createOtpsAuthenticateService } from './features/otps/otps-authenticate.service.js';
import { createOtpsSendService } from './features/otps/otps-send.service.js';
import { createPasscodeLock } from './features/otps/passcode-lock.js';
import { outboxRoutes } from './features/outbox/outbox.routes.js';
import { createBreachedPasswords } from './features/passwords/breached-passwords.js';
import { createLoginLockout } from './features/passwords/login-lockout.js';
import { createPasswordLock } from './features/passwords/password-lock.js';
import {
  createPasswordResetDelivery,
  PASSWORD_RESET_JOB,
} from './features/passwords/password-reset-delivery.js';
import { passwordsRoutes } from './features/passwords/passwords.routes.js';
import { createPasswordsService } from './features/passwords/passwords.service.js';
import { createPasswordsEmailResetService } from './features/passwords/passwords-email-reset.service.js';
import { createPasswordsResetService } from './features/passwords/passwords-reset.service.js';
import { resetTokenCheckRoutes } from './features/passwords/reset-token-check.routes.js';
import { resetTokenLoginRoutes } from './features/passwords/reset-token-login.routes.js';
import { createProjectLookup } from './features/projects/project-lookup.js';
import { serverMagicLinksRoutes } from './features/server-api/server-magic-links.routes.js';
import { serverOAuthRoutes } from './features/server-api/server-oauth.routes.js';
import { serverSessionsRoutes } from './features/server-api/server-sessions.routes.js';
import { createSessionCheckCache, SESSION_CHECK_CHANNEL } from './features/sessions/session-check-cache.js';
import { createSessionJwtCache } from './features/sessions/session-jwt-cache.js';
import { SESSION_JWT_LIFETIME_SECONDS } from './features/sessions/session-policy.js';
import { sessionsRoutes } from './features/sessions/sessions.routes.js';
import { createSessionsService } from './features/sessions/sessions.service.js';
import { jwksRoutes } from './features/signing-keys/jwks.routes.js';
import { createKeyRing, type KeyRing } from './features/signing-keys/key-ring.js';
import { RECOVERY_CODE_ARGON2 } from './features/totps/recovery-code-at-rest.js';
import { totpsRoutes } from './features/totps/totps.routes.js';
import { createTotpsAuthenticateService } from './features/totps/totps-authenticate.service.js';
import { createTotpsEnrolService } from './features/totps/totps-enrol.service.js';
import { usersRoutes } from './features/users/users.routes.js';
import { createUsersService } from './features/users/users.service.js';
import { webauthnRoutes } from './features/webauthn/webauthn.routes.js';
import { createWebauthnAuthenticateService } from './features/webauthn/webauthn-authenticate.service.js';
import { createChallengeStore } from './features/webauthn/webauthn-challenges.js';
import { createWebauthnRegisterService } from './features/webauthn/webauthn-register.service.js';
import { createWebauthnRegistrationsService } from './features/webauthn/webauthn-registrations.service.js';
import { SOCKET_ONLY } from './http/client-address.js';
import { registerJsonBodyParser } from './http/json-body-parser.js';
import { lazySchemaCompilers } from './http/lazy-schema-compilers.js';
import { requestLogController } from './logging/request-log.js';
import { type Messenger, noMessenger } from './messaging/messenger.js';
import { registerClientAddress } from './plugins/client-address.js';
import { registerCors } from './plugins/cors.js';
import { registerFetchMetadataCheck } from './plugins/fetch-metadata.js';
import { registerProjectAuthDecorations } from './plugins/project-auth.js';
import { registerRequestContext, requestIdGenerator } from './plugins/request-context.js';
import type { Random } from './random.js';
import { createEmailSendThrottle } from './rate-limit/email-send-throttle.js';
import { createLookupThrottle } from './rate-limit/lookup-throttle.js';
import { createRateLimiter } from './rate-limit/rate-limiter.js';
import { createResetTokenCheckThrottle } from './rate-limit/reset-token-check-throttle.js';

/** SECURITY §2: 64 KiB bodies for auth endpoints. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The provider's injected edges. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  random: Random;
  mailer: Mailer;
  /** SMS and WhatsApp delivery; without one, those sends answer 503 service_unavailable. */
  messenger?: Messenger;
  /** A pino logger; logging is off when absent (tests). */
  logger?: FastifyBaseLogger;
  /** Replaces the default key ring (tests of rotation). */
  keyRing?: KeyRing;
  /** Password hashing; argon2id m=19 MiB t=2 p=1 by default (tests pass cheaper parameters). */
  passwordHasher?: PasswordHasher;
  /** Recovery-code hashing; argon2id at RECOVERY_CODE_ARGON2 (m=2 MiB t=2 p=1) by default. */
  recoveryCodeHasher?: PasswordHasher;
  /** The adjustable clock behind POST /dev/clock (development mode, LATCHKEY_DEV_CLOCK=1). */
  devClock?: OffsetClock;
  /** Replaces the upstream OAuth client (default: global fetch, the app's clock and random). */
  upstream?: UpstreamClient;
  /** How long a reCAPTCHA assessment may take before the call is refused; 5 000 ms by default (tests pass less). */
  captchaTimeoutMs?: number;
  /** The delivery worker's tuning (tests: `autoStart: false`, and drain `app.deliveries`). */
  delivery?: DeliveryWorkerSettings;
  /**
   * The database's notifications (DatabaseHandle.changeFeed). With it, session checks are cached
   * and invalidated by them (session-check-cache.ts); without it, every check reads the database.
   */
  changeFeed?: (channel: string) => ChangeFeed;
}

/** The parts of ProviderConfig the app reads. */
export type AppConfig = Pick<ProviderConfig, 'mode' | 'issuer' | 'keyEncryptionSecret'> &
  Partial<
    Pick<
      ProviderConfig,
      | 'sendLimitOverrides'
      | 'breachedPasswordsRangeUrl'
      | 'publicUrl'
      | 'ethereumRpcUrls'
      | 'recaptcha'
      | 'clientAddress'
      | 'requestLog'
    >
  > & {
    /**
     * Serve the development OpenID issuer at /dev/oidc and sign the development project in through
     * it (main.ts: in development). Never honoured when `mode` is production.
     */
    devOidcIssuer?: boolean;
  };

/** LATCHKEY_PUBLIC_URL's default (docs/contracts.md "Development defaults"). */
const DEFAULT_PUBLIC_URL = 'http://localhost:4000';

/**
 * The development OpenID issuer when asked for in development mode (never in production); a
 * public URL it cannot be reached at turns it off with a warning.
 */
function developmentIssuer(
  log: FastifyBaseLogger,
  config: AppConfig,
  deps: { clock: Clock; random: Random; publicUrl: string },
): DevOidcIssuer | undefined {
  if (config.mode !== 'development' || config.devOidcIssuer !== true) return undefined;
  const created = createDevOidcIssuer(deps);
  if (created.ok) return created.issuer;
  log.warn({ problem: created.problem }, 'the development OpenID issuer is off');
  return undefined;
}

/** Builds the app: plugins, the one error path, every feature. Call `ready()` or `listen()` on the result. */
export function buildApp(config: AppConfig, deps: AppDeps): FastifyInstance {
  const { db, clock, random } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    // Two lines per request cost ~3 % of a session check's CPU: production writes them at debug.
    logController: requestLogController(
      config.requestLog ?? { kind: config.mode === 'production' ? 'debug' : 'every' },
    ),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdGenerator(random, config.mode === 'production' ? 'live' : 'test'),
    requestTimeout: 30_000,
    // Forwarded headers are read by plugins/client-address.ts alone, from the trusted proxies only.
    trustProxy: false,
    return503OnClosing: true,
    // Strict types: "5" is not a number and nothing is coerced behind the caller's back.
    // (Fastify's ajv compiler already installs ajv-formats, which gives `format: 'email'`.)
    ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } },
    // Fastify's compilers, each route's schemas compiled on its first request rather than at start.
    schemaController: { compilersFactory: lazySchemaCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerJsonBodyParser(app);
  registerRequestContext(app);
  registerClientAddress(app, config.clientAddress ?? SOCKET_ONLY);
  const projects = createProjectLookup({ db, clock });
  registerProjectAuthDecorations(app, projects);
  registerCors(app, projects.anyAllowsOrigin);
  registerFetchMetadataCheck(app);
  app.addHook('preValidation', async (request) => {
    // A bodiless POST without Content-Type validates like `{}` (wire/README.md "Bodiless calls").
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD')
      request.body = {};
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(() => {
    throw new ApiError('route_not_found');
  });
  registerCaptchaCheck(
    app,
    createCaptchaCheck({
      assessor: config.recaptcha
        ? createRecaptchaAssessor({ ...config.recaptcha, timeoutMs: deps.captchaTimeoutMs })
        : undefined,
      replay: createCaptchaReplayGuard({ db, clock }),
      warn: (message, details) => app.log.warn(details, message),
    }),
  );

  const keyRing =
    deps.keyRing ??
    createKeyRing({
      db,
      clock,
      random,
      encryptionSecret: config.keyEncryptionSecret,
      maxJwtLifetimeMs: SESSION_JWT_LIFETIME_SECONDS * 1000,
    });
  const sessionChecks = deps.changeFeed
    ? createSessionCheckCache({ feed: deps.changeFeed(SESSION_CHECK_CHANNEL), clock })
    : undefined;
  app.addHook('onReady', async () => sessionChecks?.ready());
  app.addHook('onClose', async () => sessionChecks?.close());
  const sessions = createSessionsService({
    db,
    clock,
    random,
    checks: sessionChecks,
    secondFactorGate: createSecondFactorGate({ clock, random }),
  });
  const users = createUsersService({ db, clock });
  const responses = { db, clock, keyRing, issuer: config.issuer, jwts: createSessionJwtCache() };
  const limiter = createRateLimiter({ db, clock });
  const throttle = createEmailSendThrottle(limiter, config.sendLimitOverrides);
  const lookups = createLookupThrottle(limiter);
  const resetChecks = createResetTokenCheckThrottle(limiter);
  const messenger = deps.messenger ?? noMessenger;
  // Sign-in emails and texts go out after the answer (issue 16 item 4): the send endpoints store
  // a job and answer; the worker issues the token and hands the message to the transport.
  const deliveries = registerDeliveries(app, {
    db,
    clock,
    random,
    mailer: deps.mailer,
    messenger,
    handlers: {
      [MAGIC_LINK_JOB]: createMagicLinkDelivery({ db, clock, random }),
      [OTP_JOB]: createOtpDelivery({ db, clock, random }),
      [PASSWORD_RESET_JOB]: createPasswordResetDelivery({ db, clock, random }),
    },
    ...(deps.delivery ? { settings: deps.delivery } : {}),
  });
  const send = createMagicLinksSendService({ db, clock, random, throttle, deliveries });
  const otpSend = createOtpsSendService({ db, clock, random, messenger, throttle, deliveries });
  // Lock notices are delivered after the answer; closing waits for those still on their way.
  const notices = createNoticesInFlight(deps.mailer);
  app.addHook('onClose', async () => notices.settled());
  const secondFactorLock = createSecondFactorLock({ db, clock, random, notices, log: app.log });
  const secondFactor = createSecondFactorService({ db, clock, sessions, limiter, lock: secondFactorLock });
  const passcodeLock = createPasscodeLock({ db, clock, notices, log: app.log });
  const otpRedeem = createOtpsAuthenticateService({ db, clock, sessions, secondFactor, passcodeLock });
  const redeem = createMagicLinksAuthenticateService({ db, clock, sessions, passcodeLock });
  const passwordLock = createPasswordLock({ db, clock, random, notices, log: app.log });
  const passwordDeps = {
    db,
    clock,
    random,
    sessions,
    hasher: deps.passwordHasher ?? createPasswordHasher(),
    lockout: createLoginLockout({ db, clock }),
    lock: passwordLock,
    secondFactorLock,
    passcodeLock,
    breached: createBreachedPasswords({
      clock,
      rangeApi: config.breachedPasswordsRangeUrl ? { url: config.breachedPasswordsRangeUrl } : undefined,
      warn: (message, error) => app.log.warn({ err: error }, message),
    }),
    mailer: deps.mailer,
    // The "password changed" notice goes out after the change has committed: a failed delivery is logged, not answered.
    report: (error: unknown) => app.log.error({ err: error }, 'password changed notice not delivered'),
  };
  const passwords = createPasswordsService(passwordDeps);
  const resets = createPasswordsResetService(passwordDeps);
  const emailResets = createPasswordsEmailResetService({ ...passwordDeps, throttle, deliveries });
  const webauthnDeps = {
    db,
    clock,
    random,
    sessions,
    challenges: createChallengeStore({ db, clock, random }),
  };
  const webauthn = {
    register: createWebauthnRegisterService(webauthnDeps),
    authenticate: createWebauthnAuthenticateService({
      ...webauthnDeps,
      // SECURITY G8: a synced passkey's counter that did not increase is accepted, and reported.
      warnCounter: (details) =>
        app.log.warn(
          { ...details, risk_signal: 'webauthn_counter_not_increasing' },
          'passkey counter did not increase',
        ),
    }),
    registrations: createWebauthnRegistrationsService({ db, clock }),
  };
  const upstream = deps.upstream ?? createUpstreamClient({ clock, random });
  const publicUrl = config.publicUrl ?? DEFAULT_PUBLIC_URL;
  const devIssuer = developmentIssuer(app.log, config, { clock, random, publicUrl });
  const oauthDeps = {
    db,
    clock,
    random,
    upstream,
    keyEncryptionSecret: config.keyEncryptionSecret,
    publicUrl,
    configs: createOAuthConfigSource({ db, keyEncryptionSecret: config.keyEncryptionSecret, devIssuer }),
  };
  const oauth = {
    start: createOAuthStartService({ ...oauthDeps, lookups }),
    callback: createOAuthCallbackService(oauthDeps),
    authenticate: createOAuthAuthenticateService({ ...oauthDeps, sessions }),
    registrations: createOAuthRegistrationsService({ db, clock }),
  };
  const oneTap = createOneTapService({ ...oauthDeps, lookups });
  const recoveryCodeHasher =
    deps.recoveryCodeHasher ?? createPasswordHasher({ parameters: RECOVERY_CODE_ARGON2 });
  const totps = {
    enrol: createTotpsEnrolService({
      db,
      clock,
      random,
      keyEncryptionSecret: config.keyEncryptionSecret,
      recoveryCodeHasher,
    }),
    authenticate: createTotpsAuthenticateService({
      db,
      clock,
      secondFactor,
      keyEncryptionSecret: config.keyEncryptionSecret,
      recoveryCodeHasher,
    }),
  };
  const walletChallenges = createWalletChallengeStore({ db, clock });
  const cryptoWallets = {
    start: createCryptoWalletStartService({ clock, random, challenges: walletChallenges, lookups }),
    authenticate: createCryptoWalletAuthenticateService({
      db,
      clock,
      random,
      sessions,
      challenges: walletChallenges,
      ethereumRpcUrls: config.ethereumRpcUrls ?? new Map(),
    }),
  };

  app.register(healthRoutes, { db });
  app.register(jwksRoutes, { db, keyRing });
  app.register(clientsideServicesRoutes);
  app.register(serverSessionsRoutes, { db, sessions, keyRing, issuer: config.issuer, responses });
  app.register(serverMagicLinksRoutes, { db, redeem, sessions, responses });
  app.register(serverOAuthRoutes, { db, authenticate: oauth.authenticate, responses });
  app.register(oauthRoutes, { ...oauth, secureCookies: publicUrl.startsWith('https://') });
  app.register(oauthOneTapRoutes, { oneTap });
  app.register(
    async (sdk) => {
      sdk.register(bootstrapRoutes, { configs: oauthDeps.configs });
      sdk.register(eventsRoutes, { db, clock });
      sdk.register(magicLinksRoutes, { db, send, redeem, sessions, responses });
      sdk.register(otpsRoutes, { send: otpSend, redeem: otpRedeem, sessions, secondFactor, responses });
      sdk.register(passwordsRoutes, { passwords, resets, emailResets, sessions, responses, lookups });
      sdk.register(resetTokenLoginRoutes, { db, clock, sessions, passcodeLock, responses });
      sdk.register(resetTokenCheckRoutes, { db, clock, throttle: resetChecks });
      sdk.register(sessionsRoutes, { db, sessions, responses });
      sdk.register(usersRoutes, { db, sessions, users });
      sdk.register(webauthnRoutes, { db, ...webauthn, sessions, responses, lookups });
      sdk.register(oauthSdkRoutes, { db, ...oauth, sessions, responses });
      sdk.register(cryptoWalletsRoutes, { ...cryptoWallets, sessions, responses });
      sdk.register(totpsRoutes, { db, ...totps, sessions, secondFactor, responses });
    },
    { prefix: '/sdk/v1' },
  );
  if (config.mode === 'development') app.register(outboxRoutes, { db });
  // The issuer's clients and secrets live in memory only; main.ts names it in its log, tests read its secrets.
  app.decorate('devOidcIssuer', devIssuer);
  if (devIssuer) app.register(devOidcRoutes, { issuer: devIssuer });
  if (config.mode === 'development' && deps.devClock) app.register(devClockRoutes, { clock: deps.devClock });
  return app;
}

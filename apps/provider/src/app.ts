/** @module app — builds the provider's Fastify instance from config and injected dependencies; never listens. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';
import type { ProviderConfig } from './config.js';
import type { Db } from './db/database.js';
import type { Mailer } from './email/mailer.js';
import { ApiError } from './errors/api-error.js';
import { handleError } from './errors/error-handler.js';
import { bootstrapRoutes } from './features/bootstrap/bootstrap.routes.js';
import { eventsRoutes } from './features/events/events.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { magicLinksRoutes } from './features/magic-links/magic-links.routes.js';
import { createMagicLinksAuthenticateService } from './features/magic-links/magic-links-authenticate.service.js';
import { createMagicLinksSendService } from './features/magic-links/magic-links-send.service.js';
import { outboxRoutes } from './features/outbox/outbox.routes.js';
import { isLocalDevOrigin } from './features/projects/project-policy.js';
import { anyProjectAllowsOrigin } from './features/projects/projects.repository.js';
import { serverSessionsRoutes } from './features/server-api/server-sessions.routes.js';
import { sessionsRoutes } from './features/sessions/sessions.routes.js';
import { createSessionsService } from './features/sessions/sessions.service.js';
import { jwksRoutes } from './features/signing-keys/jwks.routes.js';
import { createKeyRing, type KeyRing } from './features/signing-keys/key-ring.js';
import { SESSION_JWT_LIFETIME_SECONDS } from './features/signing-keys/session-jwt.js';
import { usersRoutes } from './features/users/users.routes.js';
import { createUsersService } from './features/users/users.service.js';
import { registerJsonBodyParser } from './http/json-body-parser.js';
import { registerCors } from './plugins/cors.js';
import { registerProjectAuthDecorations } from './plugins/project-auth.js';
import { registerRequestContext, requestIdGenerator } from './plugins/request-context.js';
import type { Random } from './random.js';

/** SECURITY §2: 64 KiB bodies for auth endpoints. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The provider's injected edges. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  random: Random;
  mailer: Mailer;
  /** A pino logger; logging is off when absent (tests). */
  logger?: FastifyBaseLogger;
  /** Replaces the default key ring (tests of rotation). */
  keyRing?: KeyRing;
}

/** The parts of ProviderConfig the app reads. */
export type AppConfig = Pick<ProviderConfig, 'mode' | 'issuer' | 'keyEncryptionSecret' | 'trustProxy'>;

/** Builds the app: plugins, the one error path, every feature. Call `ready()` or `listen()` on the result. */
export function buildApp(config: AppConfig, deps: AppDeps): FastifyInstance {
  const { db, clock, random } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdGenerator(random, config.mode === 'production' ? 'live' : 'test'),
    requestTimeout: 30_000,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Strict types: "5" is not a number and nothing is coerced behind the caller's back.
    // (Fastify's ajv compiler already installs ajv-formats, which gives `format: 'email'`.)
    ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerJsonBodyParser(app);
  registerRequestContext(app);
  registerProjectAuthDecorations(app);
  registerCors(app, (origin) => anyProjectAllowsOrigin(db, origin, isLocalDevOrigin(origin)));
  app.addHook('preValidation', async (request) => {
    // A bodiless POST without Content-Type validates like `{}` (wire/README.md "Bodiless calls").
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD')
      request.body = {};
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(() => {
    throw new ApiError('route_not_found');
  });

  const keyRing =
    deps.keyRing ??
    createKeyRing({
      db,
      clock,
      random,
      encryptionSecret: config.keyEncryptionSecret,
      maxJwtLifetimeMs: SESSION_JWT_LIFETIME_SECONDS * 1000,
    });
  const sessions = createSessionsService({ db, clock, random });
  const users = createUsersService({ db, clock });
  const responses = { db, clock, keyRing, issuer: config.issuer };
  const send = createMagicLinksSendService({ db, clock, random, mailer: deps.mailer });
  const redeem = createMagicLinksAuthenticateService({ db, clock, sessions });

  app.register(healthRoutes);
  app.register(jwksRoutes, { db, keyRing });
  app.register(serverSessionsRoutes, { db, sessions, keyRing, issuer: config.issuer, responses });
  app.register(
    async (sdk) => {
      sdk.register(bootstrapRoutes, { db });
      sdk.register(eventsRoutes, { db, clock });
      sdk.register(magicLinksRoutes, { db, send, redeem, sessions, responses });
      sdk.register(sessionsRoutes, { db, sessions, responses });
      sdk.register(usersRoutes, { db, sessions, users });
    },
    { prefix: '/sdk/v1' },
  );
  if (config.mode === 'development') app.register(outboxRoutes, { db });
  return app;
}

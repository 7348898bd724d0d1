/** @module sessions.plugin — sessions, their cached checks, and how every sign-in answer is built. */
import { featurePlugin, SDK_PREFIX } from '../../feature-plugin.js';
import { createSessionJwtCache } from '../signing-keys/session-jwt-cache.js';
import type { AuthenticateResponseDeps } from './authenticate-response.js';
import { createSessionCheckCache, SESSION_CHECK_CHANNEL } from './session-check-cache.js';
import { sessionsRoutes } from './sessions.routes.js';
import { createSessionsService, type SessionsService } from './sessions.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions: created by every sign-in, checked by every signed-in call (set by the sessions plugin). */
    sessions: SessionsService;
    /** What every sign-in answer is built with: the key ring, the issuer, the session JWT cache. */
    sessionResponses: AuthenticateResponseDeps;
  }
}

/**
 * Decorates the app with `sessions` and `sessionResponses`; with a change feed, session checks are
 * cached, the cache ready before the app answers and closed with it.
 */
export const sessionsPlugin = featurePlugin('sessions', ['signing-keys'], async (app, { config, deps }) => {
  const { db, clock, random } = deps;
  const checks = deps.changeFeed
    ? createSessionCheckCache({ feed: deps.changeFeed(SESSION_CHECK_CHANNEL), clock })
    : undefined;
  app.addHook('onReady', async () => checks?.ready());
  app.addHook('onClose', async () => checks?.close());
  const sessions = createSessionsService({ db, clock, random, checks });
  const responses = { db, clock, keyRing: app.keyRing, issuer: config.issuer, jwts: createSessionJwtCache() };
  app.decorate('sessions', sessions);
  app.decorate('sessionResponses', responses);
  app.register(sessionsRoutes, { prefix: SDK_PREFIX, db, sessions, responses });
});

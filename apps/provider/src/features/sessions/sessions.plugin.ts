/** @module sessions.plugin — sessions, their cached checks, and how every sign-in answer is built. */
import { featurePlugin } from '../../feature-plugin.js';
import type { AuthenticateResponseDeps } from './authenticate-response.js';
import type { SecondFactorGate } from './second-factor-gate.js';
import { createSessionCheckCache, SESSION_CHECK_CHANNEL } from './session-check-cache.js';
import { createSessionJwtCache } from './session-jwt-cache.js';
import { sessionsRoutes } from './sessions.routes.js';
import { createSessionsService, type SessionsService } from './sessions.service.js';
import { sdkSignInRoutes } from './sign-in-deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions: created by every sign-in, checked by every signed-in call (set by the sessions plugin). */
    sessions: SessionsService;
    /** What every sign-in answer is built with: the key ring, the issuer, the session JWT cache. */
    sessionResponses: AuthenticateResponseDeps;
    /** Decides whether a primary sign-in needs a second factor first (set by the mfa plugin). */
    secondFactorGate: SecondFactorGate;
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
  // The mfa plugin registers after this one (it builds on sessions), so the gate is read when a
  // sign-in asks, and a missing one stops the start-up rather than letting sign-ins skip MFA.
  app.addHook('onReady', async () => {
    if (!app.hasDecorator('secondFactorGate'))
      throw new Error('No secondFactorGate: register the mfa plugin.');
  });
  const secondFactorGate: SecondFactorGate = {
    holdIfRequired: (executor, input) => app.secondFactorGate.holdIfRequired(executor, input),
  };
  const events = app.domainEvents;
  const sessions = createSessionsService({ db, clock, random, checks, secondFactorGate, events });
  const responses = { db, clock, keyRing: app.keyRing, issuer: config.issuer, jwts: createSessionJwtCache() };
  app.decorate('sessions', sessions);
  app.decorate('sessionResponses', responses);
  app.register(sessionsRoutes, sdkSignInRoutes(app, { db }));
});

/** @module webauthn.plugin — passkeys and security keys: registration, sign-in, the user's list. */
import { featurePlugin } from '../../feature-plugin.js';
import { sdkSignInRoutes } from '../sessions/sign-in-deps.js';
import { webauthnRoutes } from './webauthn.routes.js';
import {
  createWebauthnAuthenticateService,
  type WebauthnAuthenticateService,
} from './webauthn-authenticate.service.js';
import { createChallengeStore } from './webauthn-challenges.js';
import { createWebauthnRegisterService, type WebauthnRegisterService } from './webauthn-register.service.js';
import {
  createWebauthnRegistrationsService,
  type WebauthnRegistrationsService,
} from './webauthn-registrations.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The passkey ceremonies, for the server API's `/v1/webauthn…` (set by the webauthn plugin). */
    webauthnRegister: WebauthnRegisterService;
    webauthnAuthenticate: WebauthnAuthenticateService;
    webauthnRegistrations: WebauthnRegistrationsService;
  }
}

export const webauthnPlugin = featurePlugin(
  'webauthn',
  ['sessions', 'rate-limits', 'domain-events'],
  async (app, { deps }) => {
    const { db, clock, random } = deps;
    const { sessions } = app;
    const webauthnDeps = {
      db,
      clock,
      random,
      sessions,
      events: app.domainEvents,
      challenges: createChallengeStore({ db, clock, random }),
    };
    const register = createWebauthnRegisterService(webauthnDeps);
    const authenticate = createWebauthnAuthenticateService({
      ...webauthnDeps,
      // SECURITY G8: a synced passkey's counter that did not increase is accepted, and reported.
      warnCounter: (details) =>
        app.log.warn(
          { ...details, risk_signal: 'webauthn_counter_not_increasing' },
          'passkey counter did not increase',
        ),
    });
    const registrations = createWebauthnRegistrationsService({ db, clock, events: app.domainEvents });
    app.decorate('webauthnRegister', register);
    app.decorate('webauthnAuthenticate', authenticate);
    app.decorate('webauthnRegistrations', registrations);
    app.register(
      webauthnRoutes,
      sdkSignInRoutes(app, { db, register, authenticate, registrations, lookups: app.lookupThrottle }),
    );
  },
);

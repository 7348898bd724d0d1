/** @module webauthn.plugin — passkeys and security keys: registration, sign-in, the user's list. */
import { featurePlugin, SDK_PREFIX } from '../../feature-plugin.js';
import { webauthnRoutes } from './webauthn.routes.js';
import { createWebauthnAuthenticateService } from './webauthn-authenticate.service.js';
import { createChallengeStore } from './webauthn-challenges.js';
import { createWebauthnRegisterService } from './webauthn-register.service.js';
import { createWebauthnRegistrationsService } from './webauthn-registrations.service.js';

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
    app.register(webauthnRoutes, {
      prefix: SDK_PREFIX,
      db,
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
      registrations: createWebauthnRegistrationsService({ db, clock, events: app.domainEvents }),
      sessions,
      responses: app.sessionResponses,
      lookups: app.lookupThrottle,
    });
  },
);

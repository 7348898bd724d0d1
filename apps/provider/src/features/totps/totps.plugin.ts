/** @module totps.plugin — authenticator-app codes and recovery codes. */
import { createPasswordHasher } from '../../crypto/password-hasher.js';
import { featurePlugin, SDK_PREFIX } from '../../feature-plugin.js';
import { RECOVERY_CODE_ARGON2 } from './recovery-code-at-rest.js';
import { totpsRoutes } from './totps.routes.js';
import { createTotpsAuthenticateService } from './totps-authenticate.service.js';
import { createTotpsEnrolService } from './totps-enrol.service.js';

export const totpsPlugin = featurePlugin('totps', ['sessions', 'mfa'], async (app, { config, deps }) => {
  const { db, clock, random } = deps;
  const { keyEncryptionSecret } = config;
  const { secondFactor } = app;
  const recoveryCodeHasher =
    deps.recoveryCodeHasher ?? createPasswordHasher({ parameters: RECOVERY_CODE_ARGON2 });
  app.register(totpsRoutes, {
    prefix: SDK_PREFIX,
    db,
    enrol: createTotpsEnrolService({
      db,
      clock,
      random,
      keyEncryptionSecret,
      recoveryCodeHasher,
      events: app.domainEvents,
    }),
    authenticate: createTotpsAuthenticateService({
      db,
      clock,
      secondFactor,
      keyEncryptionSecret,
      recoveryCodeHasher,
      events: app.domainEvents,
    }),
    sessions: app.sessions,
    secondFactor,
    responses: app.sessionResponses,
  });
});

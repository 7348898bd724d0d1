/** @module totps.plugin — authenticator-app codes and recovery codes. */
import { createPasswordHasher } from '../../crypto/password-hasher.js';
import { featurePlugin } from '../../feature-plugin.js';
import { sdkSignInRoutes } from '../sessions/sign-in-deps.js';
import { RECOVERY_CODE_ARGON2 } from './recovery-code-at-rest.js';
import { totpsRoutes } from './totps.routes.js';
import {
  createTotpsAuthenticateService,
  type TotpsAuthenticateService,
} from './totps-authenticate.service.js';
import { createTotpsEnrolService, type TotpsEnrolService } from './totps-enrol.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds authenticator apps and issues recovery codes, for the server API's `/v1/totps` (set by the totps plugin). */
    totpEnrol: TotpsEnrolService;
    /** Proves TOTP and recovery codes, for the server API's `/v1/totps/authenticate|recover` (set by the totps plugin). */
    totpAuthenticate: TotpsAuthenticateService;
  }
}

/** Decorates the app with `totpEnrol` and `totpAuthenticate`; serves the SDK's TOTP routes. */
export const totpsPlugin = featurePlugin('totps', ['sessions', 'mfa'], async (app, { config, deps }) => {
  const { db, clock, random } = deps;
  const { keyEncryptionSecret } = config;
  const { secondFactor } = app;
  const recoveryCodeHasher =
    deps.recoveryCodeHasher ?? createPasswordHasher({ parameters: RECOVERY_CODE_ARGON2 });
  const enrol = createTotpsEnrolService({
    db,
    clock,
    random,
    keyEncryptionSecret,
    recoveryCodeHasher,
    events: app.domainEvents,
  });
  const authenticate = createTotpsAuthenticateService({
    db,
    clock,
    secondFactor,
    keyEncryptionSecret,
    recoveryCodeHasher,
    events: app.domainEvents,
  });
  app.decorate('totpEnrol', enrol);
  app.decorate('totpAuthenticate', authenticate);
  app.register(totpsRoutes, sdkSignInRoutes(app, { db, enrol, authenticate, secondFactor }));
});

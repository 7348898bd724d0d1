/** @module passwords.plugin — password sign-in, sign-up and resets, with their locks and notices. */
import { createPasswordHasher } from '../../crypto/password-hasher.js';
import { deletedUserAddresses } from '../../domain-events/deleted-user-addresses.js';
import { userAccountLockDeps } from '../../email/account-lock-deps.js';
import { featurePlugin } from '../../feature-plugin.js';
import { createResetTokenCheckThrottle } from '../../rate-limit/reset-token-check-throttle.js';
import { sdkSignInRoutes, signInDepsOf } from '../sessions/sign-in-deps.js';
import { createUserManagement } from '../user-management/user-management.service.js';
import { createBreachedPasswords } from './breached-passwords.js';
import { createLoginLockout, forgetAccountFailures } from './login-lockout.js';
import { passwordDictionaries } from './password-dictionaries.js';
import { createPasswordLock } from './password-lock.js';
import { createPasswordResetDelivery, PASSWORD_RESET_JOB } from './password-reset-delivery.js';
import { passwordsRoutes } from './passwords.routes.js';
import { createPasswordsService } from './passwords.service.js';
import { createPasswordsEmailResetService } from './passwords-email-reset.service.js';
import { createPasswordsResetService } from './passwords-reset.service.js';
import { resetTokenRoutes } from './reset-token.routes.js';
import { serverPasswordsRoutes } from './server-passwords.routes.js';
import { createServerPasswordsService } from './server-passwords.service.js';

/** Delivers password-reset jobs; serves the SDK's password and reset-token routes. */
export const passwordsPlugin = featurePlugin(
  'passwords',
  ['sessions', 'mfa', 'otps', 'rate-limits', 'lock-notices', 'domain-events', 'signing-keys'],
  async (app, { config, deps }) => {
    const { db, clock, random } = deps;
    const { sessions, passcodeLock } = app;
    app.handleDeliveries(PASSWORD_RESET_JOB, createPasswordResetDelivery({ db, clock, random }));
    const passwordDeps = {
      db,
      clock,
      random,
      sessions,
      events: app.domainEvents,
      hasher: deps.passwordHasher ?? createPasswordHasher(),
      lockout: createLoginLockout({ db, clock }),
      lock: createPasswordLock(userAccountLockDeps(app, deps)),
      secondFactorLock: app.secondFactorLock,
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
    // zxcvbn's dictionaries are off the start's path (password-dictionaries.ts): loaded once the
    // server listens, so the first strength check seldom waits for them.
    app.addHook('onListen', (done) => {
      passwordDictionaries().catch((error: unknown) =>
        app.log.error({ err: error }, 'the password dictionaries did not load'),
      );
      done();
    });
    const passwords = createPasswordsService(passwordDeps);
    const resets = createPasswordsResetService(passwordDeps);
    const emailResets = createPasswordsEmailResetService({
      ...passwordDeps,
      throttle: app.sendThrottle,
      deliveries: app.deliveryQueue,
    });
    app.register(
      passwordsRoutes,
      sdkSignInRoutes(app, { passwords, resets, emailResets, lookups: app.lookupThrottle }),
    );
    app.register(
      resetTokenRoutes,
      sdkSignInRoutes(app, {
        db,
        clock,
        passcodeLock,
        throttle: createResetTokenCheckThrottle(app.rateLimiter),
      }),
    );
    // The same services over the server API (/v1/passwords…, project secret; issue 20).
    app.register(serverPasswordsRoutes, {
      ...signInDepsOf(app),
      db,
      caller: { db, sessions, keyRing: app.keyRing, issuer: config.issuer, now: () => clock.now() },
      passwords,
      resets,
      emailResets,
      lookups: app.lookupThrottle,
      server: createServerPasswordsService({
        ...passwordDeps,
        passwords,
        users: createUserManagement({ db, clock, random, events: app.domainEvents }),
      }),
    });
    // A deleted user's failed-login counters are keyed by address, not id: erased here (issue 20).
    app.domainEvents.subscribe('user.deleted', (trx, event) =>
      forgetAccountFailures(trx, event.projectId, deletedUserAddresses(event).emails),
    );
  },
);

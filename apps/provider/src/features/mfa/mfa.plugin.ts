/** @module mfa.plugin — the second factor every factor feature checks, and its lock. */
import { userAccountLockDeps } from '../../email/account-lock-deps.js';
import { featurePlugin } from '../../feature-plugin.js';
import { createSecondFactorGate } from './defer-primary-sign-in.js';
import { createSecondFactorService, type SecondFactorService } from './second-factor.service.js';
import { createSecondFactorLock, type SecondFactorLock } from './second-factor-lock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Completes sign-ins that need a second factor (set by the mfa plugin). */
    secondFactor: SecondFactorService;
    /** Locks an account's second factor after repeated failures. */
    secondFactorLock: SecondFactorLock;
  }
}

/** Decorates the app with `secondFactor`, `secondFactorLock` and the sessions' `secondFactorGate`. */
export const mfaPlugin = featurePlugin(
  'mfa',
  ['sessions', 'rate-limits', 'lock-notices', 'domain-events'],
  async (app, { deps }) => {
    const { db, clock, random } = deps;
    const lock = createSecondFactorLock(userAccountLockDeps(app, deps));
    app.decorate('secondFactorGate', createSecondFactorGate({ clock, random }));
    app.decorate('secondFactorLock', lock);
    app.decorate(
      'secondFactor',
      createSecondFactorService({ db, clock, sessions: app.sessions, limiter: app.rateLimiter, lock }),
    );
  },
);

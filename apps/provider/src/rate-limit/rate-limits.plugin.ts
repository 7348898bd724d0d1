/** @module rate-limits.plugin — the one rate limiter and the throttles the features share. */
import { featurePlugin } from '../feature-plugin.js';
import { createEmailSendThrottle, type EmailSendThrottle } from './email-send-throttle.js';
import { createLookupThrottle, type LookupThrottle } from './lookup-throttle.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limiter every throttle counts in (set by the rate-limits plugin). */
    rateLimiter: RateLimiter;
    /** The limits of sending emails and texts (per recipient, IP and project). */
    sendThrottle: EmailSendThrottle;
    /** The limits of calls that reveal whether an account exists. */
    lookupThrottle: LookupThrottle;
  }
}

/** Decorates the app with `rateLimiter`, `sendThrottle` and `lookupThrottle`. */
export const rateLimitsPlugin = featurePlugin('rate-limits', [], async (app, { config, deps }) => {
  const limiter = createRateLimiter({ db: deps.db, clock: deps.clock });
  app.decorate('rateLimiter', limiter);
  app.decorate('sendThrottle', createEmailSendThrottle(limiter, config.sendLimitOverrides));
  app.decorate('lookupThrottle', createLookupThrottle(limiter));
});

/** @module lock-notices.plugin — the "account locked" notices, sent after the answer and awaited on close. */
import { featurePlugin } from '../feature-plugin.js';
import { createNoticesInFlight, type NoticesInFlight } from './notices-in-flight.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lock notices on their way (set by the lock-notices plugin). */
    lockNotices: NoticesInFlight;
  }
}

/** Decorates the app with `lockNotices`; closing waits for those still on their way. */
export const lockNoticesPlugin = featurePlugin('lock-notices', [], async (app, { deps }) => {
  const notices = createNoticesInFlight(deps.mailer);
  app.decorate('lockNotices', notices);
  app.addHook('onClose', async () => notices.settled());
});

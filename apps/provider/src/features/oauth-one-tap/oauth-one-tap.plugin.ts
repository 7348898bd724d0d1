/** @module oauth-one-tap.plugin — Google One Tap sign-in. */
import { featurePlugin } from '../../feature-plugin.js';
import { oauthOneTapRoutes } from './oauth-one-tap.routes.js';
import { createOneTapService } from './oauth-one-tap.service.js';

export const oauthOneTapPlugin = featurePlugin(
  'oauth-one-tap',
  ['oauth', 'rate-limits', 'domain-events'],
  async (app, { config, deps }) => {
    const oneTap = createOneTapService({
      db: deps.db,
      clock: deps.clock,
      random: deps.random,
      upstream: app.oauthUpstream,
      lookups: app.lookupThrottle,
      keyEncryptionSecret: config.keyEncryptionSecret,
      events: app.domainEvents,
    });
    app.register(oauthOneTapRoutes, { oneTap });
  },
);

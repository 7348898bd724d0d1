/** @module email-previews.plugin — the console's previews of every email a project sends. */
import { mailFromConfigOf } from '../../app-config.js';
import { parseMailFrom } from '../../email/mail-sender.js';
import { featurePlugin } from '../../feature-plugin.js';
import { emailPreviewsRoutes } from './email-previews.routes.js';

export const emailPreviewsPlugin = featurePlugin(
  'email-previews',
  ['operator-keys'],
  async (app, { config, deps }) => {
    app.register(emailPreviewsRoutes, {
      db: deps.db,
      clock: deps.clock,
      operators: app.operatorAuth,
      mailFrom: parseMailFrom(mailFromConfigOf(config)),
    });
  },
);

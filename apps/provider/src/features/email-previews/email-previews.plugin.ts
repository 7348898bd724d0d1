/** @module email-previews.plugin — the console's previews of every email a project sends. */
import { featurePlugin } from '../../feature-plugin.js';
import { emailPreviewsRoutes } from './email-previews.routes.js';

export const emailPreviewsPlugin = featurePlugin(
  'email-previews',
  ['operator-keys'],
  async (app, { deps }) => {
    app.register(emailPreviewsRoutes, { db: deps.db, clock: deps.clock, operators: app.operatorAuth });
  },
);

/** @module bootstrap.plugin — what the widget loads first: the project's sign-in options. */
import { featurePlugin, SDK_PREFIX } from '../../feature-plugin.js';
import { bootstrapRoutes } from './bootstrap.routes.js';

export const bootstrapPlugin = featurePlugin('bootstrap', ['oauth'], async (app) => {
  app.register(bootstrapRoutes, { prefix: SDK_PREFIX, configs: app.oauthConfigs });
});

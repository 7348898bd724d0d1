/** @module dev-seed.plugin — POST /dev/seed_users, registered in development mode only (production: 404, like /dev/clock). */
import { featurePlugin } from '../../feature-plugin.js';
import { devSeedRoutes } from './dev-seed.routes.js';

export const devSeedPlugin = featurePlugin('dev-seed', ['operator-keys'], async (app, { config, deps }) => {
  if (config.mode !== 'development') return;
  const { db, clock, random } = deps;
  app.register(devSeedRoutes, { db, clock, random, operators: app.operatorAuth });
});

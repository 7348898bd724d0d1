/** @module users.plugin — the signed-in user's own record (SDK routes). */
import { featurePlugin, SDK_PREFIX } from '../../feature-plugin.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

export const usersPlugin = featurePlugin('users', ['sessions'], async (app, { deps }) => {
  const { db, clock } = deps;
  const users = createUsersService({ db, clock });
  app.register(usersRoutes, { prefix: SDK_PREFIX, db, sessions: app.sessions, users });
});

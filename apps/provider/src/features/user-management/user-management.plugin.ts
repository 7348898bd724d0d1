/** @module user-management.plugin — the server API's users (`/v1/users…`, project secret). */
import { deletedUserAddresses } from '../../domain-events/deleted-user-addresses.js';
import { featurePlugin } from '../../feature-plugin.js';
import { userManagementRoutes } from './user-management.routes.js';
import { createUserManagement } from './user-management.service.js';

export const userManagementPlugin = featurePlugin(
  'user-management',
  ['domain-events', 'users', 'sessions'],
  async (app, { deps }) => {
    const { db, clock, random } = deps;
    const users = createUserManagement({ db, clock, random, events: app.domainEvents });
    app.register(userManagementRoutes, { db, clock, users });
    // Queued deliveries are keyed by address and belong to the queue, not to a feature: nothing
    // still owed to a deleted user goes out (issue 20).
    app.domainEvents.subscribe('user.deleted', (trx, event) => {
      const { emails, phoneNumbers } = deletedUserAddresses(event);
      return app.deliveryQueue.forget(trx, event.projectId, [...emails, ...phoneNumbers]);
    });
  },
);

/** @module outbox.plugin — the development outbox of sent emails and texts (development mode only). */

import { deletedUserAddresses } from '../../domain-events/deleted-user-addresses.js';
import { featurePlugin } from '../../feature-plugin.js';
import { deleteOutboxMessagesTo } from './outbox.repository.js';
import { outboxRoutes } from './outbox.routes.js';

export const outboxPlugin = featurePlugin('outbox', ['domain-events'], async (app, { config, deps }) => {
  if (config.mode === 'development') app.register(outboxRoutes, { db: deps.db });
  // What was sent to a deleted user goes with them (issue 20), whatever the mode wrote it.
  app.domainEvents.subscribe('user.deleted', (trx, event) => {
    const { emails, phoneNumbers } = deletedUserAddresses(event);
    return deleteOutboxMessagesTo(trx, [...emails, ...phoneNumbers]);
  });
});

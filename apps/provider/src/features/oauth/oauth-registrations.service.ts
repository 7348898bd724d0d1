/** @module oauth-registrations.service — removing one of the signed-in user's linked upstream identities. */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import { createFactorRemoval } from '../sessions/factor-removal.js';
import { deleteUserRegistration } from './oauth-registrations.repository.js';

/** Creates the service. */
export function createOAuthRegistrationsService(deps: { db: Db; clock: Clock; events?: DomainEventBus }) {
  return {
    /**
     * Unlinks one of the session user's identities (its open sign-in tokens go with it) and, in
     * the same transaction, revokes every other session of the user (SECURITY B9: whoever held
     * the upstream account may hold a session). Another user's id, or an unknown one, is 404.
     */
    remove: createFactorRemoval(
      deps,
      deleteUserRegistration,
      () => new ApiError('oauth_registration_not_found'),
      'oauth_registration',
    ),
  };
}

/** The registrations service. */
export type OAuthRegistrationsService = ReturnType<typeof createOAuthRegistrationsService>;

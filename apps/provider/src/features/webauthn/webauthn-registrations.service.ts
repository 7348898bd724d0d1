/** @module webauthn-registrations.service — renaming and removing the signed-in user's passkeys. */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { createFactorRemoval } from '../sessions/factor-removal.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { normaliseRegistrationName } from './registration-name.js';
import type { WebauthnRegistrationRow } from './webauthn.table.js';
import {
  deleteRegistration,
  listUserCredentials,
  renameRegistration,
} from './webauthn-registrations.repository.js';

/** 404 for an id the signed-in user has no registration under (another user's id looks the same). */
function notFound(): ApiError {
  return new ApiError('webauthn_registration_not_found');
}

/** Creates the service. */
export function createWebauthnRegistrationsService(deps: { db: Db; clock: Clock; events?: DomainEventBus }) {
  return {
    /** Renames one of the session user's registrations (trimmed, 1–100 characters, one line). */
    async rename(
      project: Project,
      session: SessionRow,
      registrationId: string,
      name: string,
    ): Promise<WebauthnRegistrationRow> {
      const normalised = normaliseRegistrationName(name);
      const row = await renameRegistration(
        deps.db,
        { projectId: project.id, userId: session.user_id, id: registrationId },
        normalised,
      );
      if (!row) throw notFound();
      return row;
    },

    /** Renames any registration of the project (the server API's PUT /v1/webauthn/{id}), by the same rules. */
    async renameInProject(
      project: Project,
      registrationId: string,
      name: string,
    ): Promise<WebauthnRegistrationRow> {
      const row = await renameRegistration(
        deps.db,
        { projectId: project.id, id: registrationId },
        normaliseRegistrationName(name),
      );
      if (!row) throw notFound();
      return row;
    },

    /** The user's credentials on RP ID `rpId`, oldest first, with their stored public keys (the server API's list). */
    credentialsOf: (project: Project, userId: string, rpId: string) =>
      listUserCredentials(deps.db, project.id, userId, rpId),

    /**
     * Removes one of the session user's registrations and, in the same transaction, revokes every
     * other session of the user (SECURITY B9: whoever held the passkey may hold a session).
     * The presenting session stays.
     */
    remove: createFactorRemoval(deps, deleteRegistration, notFound, 'webauthn_registration'),
  };
}

/** The registrations service. */
export type WebauthnRegistrationsService = ReturnType<typeof createWebauthnRegistrationsService>;

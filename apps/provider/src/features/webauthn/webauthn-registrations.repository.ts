/** @module webauthn-registrations.repository — SQL for registered WebAuthn credentials. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { findRowBy, insertRowIfAbsent } from '../../db/keyed-rows.js';
import { deleteUserOwnedRow } from '../../db/user-owned-rows.js';
import type { NewWebauthnRegistrationRow, WebauthnRegistrationRow } from './webauthn.table.js';

/**
 * Stores a verified credential; undefined when the project already has this credential id
 * (a repeated or concurrent registration: the unique index decides, not a prior lookup).
 */
export const insertRegistrationIfAbsent = (db: DbExecutor, row: NewWebauthnRegistrationRow) =>
  insertRowIfAbsent(db, 'webauthn_registrations', row);

/** The registration of `credentialId` (base64url) in `projectId`, whoever owns it. */
export const findRegistrationByCredentialId = (db: DbExecutor, projectId: string, credentialId: string) =>
  findRowBy(db, 'webauthn_registrations', { project_id: projectId, credential_id: credentialId });

/** The user's registrations, on RP ID `domain` only when it is given. */
function registrationsOfUser(db: DbExecutor, projectId: string, userId: string, domain?: string) {
  const query = db
    .selectFrom('webauthn_registrations')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId);
  return domain === undefined ? query : query.where('domain', '=', domain);
}

/** The user's registrations (for excludeCredentials / allowCredentials), oldest first; optionally one RP ID only. */
export async function listUserRegistrations(
  db: DbExecutor,
  projectId: string,
  userId: string,
  domain?: string,
): Promise<Pick<WebauthnRegistrationRow, 'credential_id' | 'transports'>[]> {
  return registrationsOfUser(db, projectId, userId, domain)
    .select(['credential_id', 'transports'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's credentials on RP ID `domain` with their public keys (the server API's list), oldest first. */
export async function listUserCredentials(
  db: DbExecutor,
  projectId: string,
  userId: string,
  domain: string,
): Promise<Pick<WebauthnRegistrationRow, 'id' | 'credential_id' | 'public_key'>[]> {
  return registrationsOfUser(db, projectId, userId, domain)
    .select(['id', 'credential_id', 'public_key'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The names of the user's registrations, for numbering a new one. */
export async function listUserRegistrationNames(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<string[]> {
  const rows = await registrationsOfUser(db, projectId, userId).select('name').execute();
  return rows.map((row) => row.name);
}

/** How many registrations the user has. */
export async function countUserRegistrations(
  db: DbExecutor,
  projectId: string,
  userId: string,
): Promise<number> {
  const row = await registrationsOfUser(db, projectId, userId)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records a successful assertion. The counter only ever moves up (greatest), so a concurrent
 * assertion with a lower value, or an accepted non-increasing one, can never lower it.
 */
export async function recordAssertion(
  db: DbExecutor,
  registrationId: string,
  update: { signCount: number; backedUp: boolean; at: Date },
): Promise<void> {
  await db
    .updateTable('webauthn_registrations')
    .set({
      sign_count: sql<number>`greatest(sign_count, ${update.signCount}::bigint)`,
      backed_up: update.backedUp,
      last_authenticated_at: update.at,
    })
    .where('id', '=', registrationId)
    .execute();
}

/** Renames the user's registration; undefined when the user has none with this id. */
export async function renameRegistration(
  db: DbExecutor,
  key: { projectId: string; userId?: string | undefined; id: string },
  name: string,
): Promise<WebauthnRegistrationRow | undefined> {
  let update = db
    .updateTable('webauthn_registrations')
    .set({ name })
    .where('project_id', '=', key.projectId)
    .where('id', '=', key.id);
  // The server API renames any registration of the project; the browser only its user's.
  if (key.userId !== undefined) update = update.where('user_id', '=', key.userId);
  return update.returningAll().executeTakeFirst();
}

/** Deletes the user's registration; false when the user has none with this id. */
export async function deleteRegistration(
  db: DbExecutor,
  key: { projectId: string; userId: string; id: string },
): Promise<boolean> {
  return deleteUserOwnedRow(db, 'webauthn_registrations', key);
}

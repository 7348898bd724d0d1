/** @module oauth-registrations.repository — SQL for upstream identities linked to users. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { findRowBy, insertRowIfAbsent } from '../../db/keyed-rows.js';
import { deleteUserOwnedRow } from '../../db/user-owned-rows.js';
import type {
  NewOAuthRegistrationRow,
  OAuthRegistrationRow,
  OAuthRegistrationUpdate,
} from './oauth.table.js';

/** Serialises the linking of one upstream identity (`key` names it) until the transaction ends. */
export async function lockUpstreamIdentity(db: DbExecutor, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
}

/** The registration of an upstream identity in `projectId`, whoever it belongs to. */
export const findRegistrationByIdentity = (
  db: DbExecutor,
  key: { projectId: string; providerType: string; issuer: string; subject: string },
) =>
  findRowBy(db, 'oauth_registrations', {
    project_id: key.projectId,
    provider_type: key.providerType,
    issuer: key.issuer,
    provider_subject: key.subject,
  });

/** The registration `id` of `projectId`. */
export const findRegistrationById = (db: DbExecutor, projectId: string, id: string) =>
  findRowBy(db, 'oauth_registrations', { project_id: projectId, id });

/**
 * Links an identity; undefined when the project already has it (a concurrent first sign-in of
 * the same identity: the unique index decides, not a prior lookup).
 */
export const insertRegistrationIfAbsent = (db: DbExecutor, row: NewOAuthRegistrationRow) =>
  insertRowIfAbsent(db, 'oauth_registrations', row);

/** Records a sign-in with the upstream's latest profile values. */
export async function updateRegistration(
  db: DbExecutor,
  id: string,
  changes: OAuthRegistrationUpdate,
): Promise<OAuthRegistrationRow> {
  return db
    .updateTable('oauth_registrations')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the user's registration; false when the user has none with this id. */
export async function deleteUserRegistration(
  db: DbExecutor,
  key: { projectId: string; userId: string; id: string },
): Promise<boolean> {
  return deleteUserOwnedRow(db, 'oauth_registrations', key);
}

/** @module oauth-registrations.repository — SQL for upstream identities linked to users. */
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
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
export async function findRegistrationByIdentity(
  db: DbExecutor,
  key: { projectId: string; providerType: string; issuer: string; subject: string },
): Promise<OAuthRegistrationRow | undefined> {
  return db
    .selectFrom('oauth_registrations')
    .selectAll()
    .where('project_id', '=', key.projectId)
    .where('provider_type', '=', key.providerType)
    .where('issuer', '=', key.issuer)
    .where('provider_subject', '=', key.subject)
    .executeTakeFirst();
}

/** The registration `id` of `projectId`. */
export async function findRegistrationById(
  db: DbExecutor,
  projectId: string,
  id: string,
): Promise<OAuthRegistrationRow | undefined> {
  return db
    .selectFrom('oauth_registrations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Links an identity; undefined when the project already has it (a concurrent first sign-in of
 * the same identity: the unique index decides, not a prior lookup).
 */
export async function insertRegistrationIfAbsent(
  db: DbExecutor,
  row: NewOAuthRegistrationRow,
): Promise<OAuthRegistrationRow | undefined> {
  return db
    .insertInto('oauth_registrations')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'provider_type', 'issuer', 'provider_subject']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

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

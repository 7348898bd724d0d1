/** @module oauth-registrations.repository — SQL for upstream identities linked to users. */
import { type RawBuilder, sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type {
  NewOAuthRegistrationRow,
  OAuthRegistrationRow,
  OAuthRegistrationUpdate,
} from './oauth.table.js';
import type { OAuthProviderSummary } from './oauth-provider-object.js';

/**
 * A user's linked identities as one json value, oldest first, for a select list next to
 * emailsJsonOf; `userId` is the column holding the user's id. Never the issuer or email id.
 */
export function oauthProvidersJsonOf(userId: string): RawBuilder<OAuthProviderSummary[]> {
  return sql<OAuthProviderSummary[]>`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', o.id,
          'provider_type', o.provider_type,
          'provider_subject', o.provider_subject,
          'profile_picture_url', o.profile_picture_url,
          'locale', o.locale
        )
        order by o.created_at, o.id
      ),
      '[]'::json
    )
    from oauth_registrations as o
    where o.user_id = ${sql.ref(userId)}
  )`;
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
  const row = await db
    .deleteFrom('oauth_registrations')
    .where('project_id', '=', key.projectId)
    .where('user_id', '=', key.userId)
    .where('id', '=', key.id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** @module oauth-configs.repository — SQL for the projects' upstream OAuth configurations. */
import type { DbExecutor } from '../../db/database.js';
import type { NewOAuthProviderConfigRow, OAuthProviderConfigRow } from './oauth.table.js';

/** Stores `row`, replacing the project's earlier configuration of the same provider. */
export async function upsertOAuthConfig(
  db: DbExecutor,
  row: NewOAuthProviderConfigRow,
): Promise<OAuthProviderConfigRow> {
  const { project_id: _project, provider_type: _type, created_at: _created, ...changes } = row;
  return db
    .insertInto('oauth_provider_configs')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'provider_type']).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The project's configuration of `providerType`. */
export async function findOAuthConfig(
  db: DbExecutor,
  projectId: string,
  providerType: string,
): Promise<OAuthProviderConfigRow | undefined> {
  return db
    .selectFrom('oauth_provider_configs')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('provider_type', '=', providerType)
    .executeTakeFirst();
}

/** Every configuration of the project, by provider name. */
export async function listOAuthConfigs(db: DbExecutor, projectId: string): Promise<OAuthProviderConfigRow[]> {
  return db
    .selectFrom('oauth_provider_configs')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('provider_type')
    .execute();
}

/** Deletes the project's configuration of `providerType`; false when there was none. */
export async function deleteOAuthConfig(
  db: DbExecutor,
  projectId: string,
  providerType: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('oauth_provider_configs')
    .where('project_id', '=', projectId)
    .where('provider_type', '=', providerType)
    .returning('provider_type')
    .executeTakeFirst();
  return row !== undefined;
}

/** @module oauth-configs.repository — SQL for the projects' upstream OAuth configurations. */
import type { DbExecutor } from '../../db/database.js';
import { deleteRowBy, findRowBy } from '../../db/keyed-rows.js';
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
export const findOAuthConfig = (db: DbExecutor, projectId: string, providerType: string) =>
  findRowBy(db, 'oauth_provider_configs', { project_id: projectId, provider_type: providerType });

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
export const deleteOAuthConfig = (db: DbExecutor, projectId: string, providerType: string) =>
  deleteRowBy(db, 'oauth_provider_configs', { project_id: projectId, provider_type: providerType });

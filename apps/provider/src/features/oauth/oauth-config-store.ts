/**
 * @module oauth-config-store — saving, listing, removing and loading the projects' upstream
 * configurations; client secrets and Apple keys are sealed at rest when a key-encryption secret is set.
 */
import type { Clock } from '../../clock.js';
import { openSecret, sealSecret } from '../../crypto/key-encryption.js';
import type { DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import type { Random } from '../../random.js';
import type { OAuthProviderConfigRow } from './oauth.table.js';
import {
  deleteOAuthConfig,
  findOAuthConfig,
  listOAuthConfigs,
  upsertOAuthConfig,
} from './oauth-configs.repository.js';
import { isOAuthProviderType } from './upstream/provider-types.js';
import type { UpstreamConfig } from './upstream/upstream-config.js';

/** What sealing needs: LATCHKEY_KEY_ENCRYPTION_SECRET (absent: stored as given) and randomness for the IVs. */
export interface ConfigSealing {
  keyEncryptionSecret: string | undefined;
  random: Random;
}

/** A stored configuration as `oauth list` prints it: every value except the secrets. */
export interface OAuthConfigSummary {
  provider_type: string;
  kind: 'oidc' | 'oauth2';
  client_id: string;
  client_secret_set: boolean;
  issuer: string | null;
  authorization_endpoint: string | null;
  token_endpoint: string | null;
  jwks_uri: string | null;
  userinfo_endpoint: string | null;
  scopes: string[];
  apple_team_id: string | null;
  apple_key_id: string | null;
  apple_private_key_set: boolean;
  /** True when the secrets are sealed (AES-256-GCM) at rest. */
  secrets_sealed: boolean;
  created_at: string;
  updated_at: string;
}

function summaryOf(row: OAuthProviderConfigRow): OAuthConfigSummary {
  return {
    provider_type: row.provider_type,
    kind: row.kind,
    client_id: row.client_id,
    client_secret_set: row.client_secret !== null,
    issuer: row.issuer,
    authorization_endpoint: row.authorization_endpoint,
    token_endpoint: row.token_endpoint,
    jwks_uri: row.jwks_uri,
    userinfo_endpoint: row.userinfo_endpoint,
    scopes: row.scopes,
    apple_team_id: row.apple_team_id,
    apple_key_id: row.apple_key_id,
    apple_private_key_set: row.apple_private_key !== null,
    secrets_sealed: row.secret_encryption === 'aes-256-gcm',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Stores `config` (validated by validateUpstreamConfig) for the project, replacing an earlier
 * one of the same provider; returns what was stored, without the secrets.
 */
export async function saveOAuthConfig(
  db: DbExecutor,
  deps: ConfigSealing & { clock: Clock },
  projectId: string,
  config: UpstreamConfig,
): Promise<OAuthConfigSummary> {
  const secret = deps.keyEncryptionSecret;
  const seal = (value: string) => (secret ? sealSecret(value, secret, deps.random) : value);
  const now = deps.clock.now();
  const row = await upsertOAuthConfig(db, {
    project_id: projectId,
    provider_type: config.providerType,
    kind: config.kind,
    client_id: config.clientId,
    client_secret: config.clientSecret === '' ? null : seal(config.clientSecret),
    issuer: config.issuer ?? null,
    authorization_endpoint: config.authorizationEndpoint ?? null,
    token_endpoint: config.tokenEndpoint ?? null,
    jwks_uri: config.jwksUri ?? null,
    userinfo_endpoint: config.userinfoEndpoint ?? null,
    scopes: toJson(config.scopes),
    apple_team_id: config.apple?.teamId ?? null,
    apple_key_id: config.apple?.keyId ?? null,
    apple_private_key: config.apple ? seal(config.apple.privateKeyPem) : null,
    secret_encryption: secret ? 'aes-256-gcm' : 'none',
    created_at: now,
    updated_at: now,
  });
  return summaryOf(row);
}

/** The project's configurations, secrets left out. */
export async function listOAuthConfigSummaries(
  db: DbExecutor,
  projectId: string,
): Promise<OAuthConfigSummary[]> {
  return (await listOAuthConfigs(db, projectId)).map(summaryOf);
}

/** Removes the project's configuration of `providerType`; false when there was none. */
export function removeOAuthConfig(db: DbExecutor, projectId: string, providerType: string): Promise<boolean> {
  return deleteOAuthConfig(db, projectId, providerType);
}

/**
 * The project's configuration of `providerType` with its secrets opened, ready for the upstream
 * client; undefined when the project has none. A sealed row without the secret is an operator
 * error (the deployment lost LATCHKEY_KEY_ENCRYPTION_SECRET) and throws, as signing keys do.
 */
export async function loadUpstreamConfig(
  db: DbExecutor,
  keyEncryptionSecret: string | undefined,
  projectId: string,
  providerType: string,
): Promise<UpstreamConfig | undefined> {
  const row = await findOAuthConfig(db, projectId, providerType);
  if (!row || !isOAuthProviderType(row.provider_type)) return undefined;
  const open = (value: string): string => {
    if (row.secret_encryption === 'none') return value;
    if (!keyEncryptionSecret) {
      throw new Error(
        `the ${row.provider_type} OAuth secrets of project ${projectId} are sealed but LATCHKEY_KEY_ENCRYPTION_SECRET is not set`,
      );
    }
    return openSecret(value, keyEncryptionSecret);
  };
  const config: UpstreamConfig = {
    providerType: row.provider_type,
    kind: row.kind,
    clientId: row.client_id,
    clientSecret: row.client_secret === null ? '' : open(row.client_secret),
    scopes: row.scopes,
  };
  if (row.issuer !== null) config.issuer = row.issuer;
  if (row.authorization_endpoint !== null) config.authorizationEndpoint = row.authorization_endpoint;
  if (row.token_endpoint !== null) config.tokenEndpoint = row.token_endpoint;
  if (row.jwks_uri !== null) config.jwksUri = row.jwks_uri;
  if (row.userinfo_endpoint !== null) config.userinfoEndpoint = row.userinfo_endpoint;
  if (row.apple_team_id !== null && row.apple_key_id !== null && row.apple_private_key !== null) {
    config.apple = {
      teamId: row.apple_team_id,
      keyId: row.apple_key_id,
      privateKeyPem: open(row.apple_private_key),
    };
  }
  return config;
}

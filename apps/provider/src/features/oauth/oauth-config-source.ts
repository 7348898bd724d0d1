/**
 * @module oauth-config-source — which upstream configuration a project signs in with: the one an
 * operator stored (`latchkey-provider oauth set`) always wins; in development the development
 * project falls back to the development issuer for every other provider. No other project ever
 * reaches that issuer.
 */
import type { DbExecutor } from '../../db/database.js';
import type { Project } from '../projects/project.js';
import { loadUpstreamConfig } from './oauth-config-store.js';
import { listOAuthConfigs } from './oauth-configs.repository.js';
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from './upstream/provider-types.js';
import type { UpstreamConfig } from './upstream/upstream-config.js';

/** A provider a project can sign in with, as the bootstrap lists it. */
export interface ConfiguredOAuthProvider {
  providerType: OAuthProviderType;
  /**
   * Google One Tap can run: the project stored its own Google client (One Tap needs Google's
   * script to know the client id, which the development issuer's never is).
   */
  oneTap: boolean;
}

/** Looks up projects' upstream configurations. */
export interface OAuthConfigSource {
  /** The configuration `project` signs in with for `providerType`; undefined when it has none. */
  load(project: Project, providerType: OAuthProviderType): Promise<UpstreamConfig | undefined>;
  /** Every provider `project` can sign in with, in the wire's order. */
  list(project: Project): Promise<ConfiguredOAuthProvider[]>;
}

/**
 * The part of the development issuer (dev-oidc) this source uses. Named here so oauth does not
 * import dev-oidc, which builds on oauth's upstream types.
 */
export interface DevUpstreamIssuer {
  upstreamConfig(providerType: OAuthProviderType): UpstreamConfig;
}

/** Creates the source; `devIssuer` is set in development only (dev-oidc.plugin.ts). */
export function createOAuthConfigSource(deps: {
  db: DbExecutor;
  keyEncryptionSecret: string | undefined;
  devIssuer?: DevUpstreamIssuer | undefined;
}): OAuthConfigSource {
  const usesDevIssuer = (project: Project): boolean => deps.devIssuer !== undefined && project.isDev;
  // A project an operator pointed at the development issuer (its issuer and client ID, as the
  // console offers in development) signs in with the issuer's current client, whose secret is
  // minted per process: a stored copy would stop working at the next start.
  const isDevIssuerClient = (stored: UpstreamConfig, providerType: OAuthProviderType) => {
    const current = deps.devIssuer?.upstreamConfig(providerType);
    return current && stored.issuer === current.issuer && stored.clientId === current.clientId
      ? current
      : undefined;
  };
  return {
    async load(project, providerType) {
      const stored = await loadUpstreamConfig(deps.db, deps.keyEncryptionSecret, project.id, providerType);
      if (stored) return isDevIssuerClient(stored, providerType) ?? stored;
      return usesDevIssuer(project) ? deps.devIssuer?.upstreamConfig(providerType) : undefined;
    },
    async list(project) {
      const stored = new Set((await listOAuthConfigs(deps.db, project.id)).map((row) => row.provider_type));
      return OAUTH_PROVIDER_TYPES.filter((type) => stored.has(type) || usesDevIssuer(project)).map(
        (providerType) => ({
          providerType,
          oneTap: providerType === 'google' && stored.has('google'),
        }),
      );
    },
  };
}

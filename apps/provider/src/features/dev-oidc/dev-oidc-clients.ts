/**
 * @module dev-oidc-clients — the development issuer's registered clients: one per upstream
 * provider name, each with the provider's own callback as its only redirect URI.
 */
import { constantTimeEqual } from '../../crypto/hash.js';
import type { Random } from '../../random.js';
import { callbackUrl } from '../oauth/callback-url.js';
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '../oauth/upstream/provider-types.js';

/** One client of the development issuer: the dev project's sign-in "with {provider}". */
export interface DevOidcClient {
  clientId: string;
  clientSecret: string;
  providerType: OAuthProviderType;
  /** The only redirect URI it accepts, compared exactly (RFC 9700 §2.1). */
  redirectUri: string;
}

/** The registered clients. */
export interface DevOidcClients {
  byId(clientId: string): DevOidcClient | undefined;
  forProvider(providerType: OAuthProviderType): DevOidcClient;
  /** The client `clientId` when `clientSecret` is its secret (compared in constant time). */
  authenticate(clientId: string, clientSecret: string): DevOidcClient | undefined;
}

/** `latchkey-dev-google`, `latchkey-dev-github`, …: readable in logs and on the consent page. */
export function devClientId(providerType: OAuthProviderType): string {
  return `latchkey-dev-${providerType}`;
}

/**
 * A client for every provider name the wire knows, so every button of the dev project signs in.
 * The secrets are fresh random values per process: they never leave memory, and the provider's
 * configuration for the dev project is made from the same objects.
 */
export function createDevOidcClients(publicUrl: string, random: Random): DevOidcClients {
  const clients = new Map<string, DevOidcClient>();
  const byProvider = new Map<OAuthProviderType, DevOidcClient>();
  for (const providerType of OAUTH_PROVIDER_TYPES) {
    const client: DevOidcClient = {
      clientId: devClientId(providerType),
      clientSecret: Buffer.from(random.bytes(32)).toString('base64url'),
      providerType,
      redirectUri: callbackUrl(publicUrl, providerType),
    };
    clients.set(client.clientId, client);
    byProvider.set(providerType, client);
  }
  return {
    byId: (clientId) => clients.get(clientId),
    forProvider: (providerType) => byProvider.get(providerType) as DevOidcClient,
    authenticate(clientId, clientSecret) {
      const client = clients.get(clientId);
      return client && constantTimeEqual(clientSecret, client.clientSecret) ? client : undefined;
    },
  };
}

/**
 * @module dev-oidc-issuer — the development OpenID issuer: like the dev outbox makes email work
 * without SMTP, it makes every OAuth button of the development project sign in without an
 * upstream account or secrets. Development mode only (dev-oidc.plugin.ts never builds it in production),
 * and only the development project is pointed at it (oauth-config-source.ts).
 *
 * Written on jose (keys, signing) rather than mounting oidc-provider: this issuer needs only the
 * code flow with PKCE and one consent page, while oidc-provider is a Koa application (mounted in
 * Fastify by hijacking raw requests and bypassing body parsing, with its own sessions and
 * cookies) that declares Node 20 unsupported and says so on every start. The e2e stack keeps
 * exercising the provider's client against oidc-provider itself (e2e/support/fake-google).
 */
import type { Clock } from '../../clock.js';
import type { Random } from '../../random.js';
import type { OAuthProviderType } from '../oauth/upstream/provider-types.js';
import type { UpstreamConfig } from '../oauth/upstream/upstream-config.js';
import { upstreamUrlProblem } from '../oauth/upstream/upstream-url.js';
import { DEV_OIDC_SCOPES } from './dev-oidc-authorization-request.js';
import { createDevOidcClients, type DevOidcClients } from './dev-oidc-clients.js';
import { createDevOidcGrants, type DevOidcGrants } from './dev-oidc-grants.js';
import { createDevOidcKeys, type DevOidcKeys } from './dev-oidc-keys.js';

/** Where the issuer lives under the provider's public URL. */
export const DEV_OIDC_PATH = '/dev/oidc';

/** The issuer's parts, shared by its routes and by the dev project's OAuth configuration. */
export interface DevOidcIssuer {
  /** `{publicUrl}/dev/oidc`: the `iss` of its ID tokens and the base of its endpoints. */
  issuer: string;
  clients: DevOidcClients;
  keys: DevOidcKeys;
  grants: DevOidcGrants;
  clock: Clock;
  /** How the development project signs in "with {providerType}": through this issuer, found by discovery. */
  upstreamConfig(providerType: OAuthProviderType): UpstreamConfig;
}

/**
 * The issuer at `{publicUrl}/dev/oidc`, or the reason it cannot be used: the provider calls its
 * own public URL for discovery, keys and tokens, and only accepts https or loopback http there.
 */
export function createDevOidcIssuer(deps: {
  clock: Clock;
  random: Random;
  publicUrl: string;
}): { ok: true; issuer: DevOidcIssuer } | { ok: false; problem: string } {
  const issuer = `${deps.publicUrl}${DEV_OIDC_PATH}`;
  const problem = upstreamUrlProblem(issuer, 'The development issuer (LATCHKEY_PUBLIC_URL + /dev/oidc)');
  if (problem) return { ok: false, problem };
  const clients = createDevOidcClients(deps.publicUrl, deps.random);
  return {
    ok: true,
    issuer: {
      issuer,
      clients,
      keys: createDevOidcKeys(),
      grants: createDevOidcGrants(deps),
      clock: deps.clock,
      upstreamConfig(providerType) {
        const client = clients.forProvider(providerType);
        // Built directly, not through validateUpstreamConfig: a preset's endpoints (GitHub's) must not apply.
        return {
          providerType,
          kind: 'oidc',
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          issuer,
          scopes: [...DEV_OIDC_SCOPES],
        };
      },
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The development OpenID issuer when the app serves one (development mode only). */
    devOidcIssuer: DevOidcIssuer | undefined;
  }
}

/**
 * @module upstream-client — the provider's one client for upstream identity providers, built once
 * per app with injected fetch, clock and random, and shared by the OAuth routes and One Tap.
 */
import type { Clock } from '../../../clock.js';
import type { Random } from '../../../random.js';
import { type AuthorizationUrlOptions, buildAuthorizationUrl } from './authorization-url.js';
import { createDiscovery } from './discovery.js';
import { createIdTokenVerifier, type IdTokenClaims, type VerifyIdTokenOptions } from './id-token.js';
import { type IdentityFromTokensOptions, identityFromTokens, type UpstreamIdentity } from './identity.js';
import { identityFromClaims } from './identity-claims.js';
import { createJwksCache, type JwksTiming } from './jwks-cache.js';
import { type ExchangeCodeOptions, exchangeCode, type UpstreamTokens } from './token-exchange.js';
import type { UpstreamConfig } from './upstream-config.js';
import { resolveEndpoints } from './upstream-endpoints.js';
import { UPSTREAM_TIMEOUT_MS, type UpstreamHttp } from './upstream-http.js';
import { createUserinfoReader } from './userinfo.js';

export interface CreateUpstreamClientOptions {
  clock: Clock;
  random: Random;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per upstream call; defaults to 10 s. */
  timeoutMs?: number;
  /** JWKS freshness and refetch cool-down; tests shorten them (jose times them by the wall clock). */
  jwksTiming?: JwksTiming;
}

/**
 * Every call that reaches an upstream. Errors are ApiErrors: 503 `service_unavailable` (no
 * answer, time-out, 5xx, unusable discovery or JWKS), 401 `oauth_token_invalid` (refused code,
 * bad ID token or access token, a userinfo answer about another `sub`), 400
 * `oauth_state_mismatch` (nonce).
 */
export interface UpstreamClient {
  /** The authorization request URL (discovers the endpoint when not configured). */
  authorizationUrl(config: UpstreamConfig, options: AuthorizationUrlOptions): Promise<string>;
  /** Redeems the callback's code at the token endpoint. */
  exchangeCode(config: UpstreamConfig, options: ExchangeCodeOptions): Promise<UpstreamTokens>;
  /** Who signed in, from the exchanged tokens. */
  identityFromTokens(
    config: UpstreamConfig,
    tokens: Pick<UpstreamTokens, 'access_token' | 'id_token'>,
    options?: IdentityFromTokensOptions,
  ): Promise<UpstreamIdentity>;
  /** Verifies an ID token on its own (One Tap's credential), returning its claims. */
  verifyIdToken(
    config: UpstreamConfig,
    idToken: string,
    options?: VerifyIdTokenOptions,
  ): Promise<IdTokenClaims>;
  /** verifyIdToken, then the claims as an identity (One Tap). */
  identityFromIdToken(
    config: UpstreamConfig,
    idToken: string,
    options: { nonce: string },
  ): Promise<UpstreamIdentity>;
  /** 32 random bytes as base64url, for `state`, `nonce` and the upstream PKCE verifier. */
  randomValue(): string;
}

/** Creates the client with empty discovery and JWKS caches. */
export function createUpstreamClient(options: CreateUpstreamClientOptions): UpstreamClient {
  const http: UpstreamHttp = {
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
  };
  const { clock, random } = options;
  const discovery = createDiscovery({ http, clock });
  const jwks = createJwksCache(options.jwksTiming ? { http, timing: options.jwksTiming } : { http });
  const verifyIdToken = createIdTokenVerifier({ clock, discovery, jwks });
  const readUserinfo = createUserinfoReader({ http, clock, jwks });

  return {
    async authorizationUrl(config, urlOptions) {
      const { authorizationEndpoint } = await resolveEndpoints(discovery, config);
      return buildAuthorizationUrl(config, authorizationEndpoint, urlOptions);
    },
    async exchangeCode(config, exchange) {
      const { tokenEndpoint } = await resolveEndpoints(discovery, config);
      return exchangeCode({ http, clock }, config, tokenEndpoint, exchange);
    },
    identityFromTokens: (config, tokens, identityOptions) =>
      identityFromTokens({ http, discovery, verifyIdToken, readUserinfo }, config, tokens, identityOptions),
    verifyIdToken,
    async identityFromIdToken(config, idToken, { nonce }) {
      return identityFromClaims(config.providerType, await verifyIdToken(config, idToken, { nonce }));
    },
    randomValue: () => Buffer.from(random.bytes(32)).toString('base64url'),
  };
}

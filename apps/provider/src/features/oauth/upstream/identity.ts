/** @module identity — who signed in upstream, in one shape for every provider, read from the callback's tokens. */
import { ApiError } from '../../../errors/api-error.js';
import type { Discovery } from './discovery.js';
import { fetchGitHubIdentity } from './github-identity.js';
import type { IdTokenClaims, VerifyIdToken } from './id-token.js';
import { identityFromClaims, identityFromUserinfo } from './identity-claims.js';
import type { OAuthProviderType } from './provider-types.js';
import type { UpstreamTokens } from './token-exchange.js';
import type { UpstreamConfig } from './upstream-config.js';
import { resolveEndpoints } from './upstream-endpoints.js';
import { asObject, type UpstreamHttp } from './upstream-http.js';
import { getUserApi } from './user-api.js';
import type { ReadUserinfo } from './userinfo.js';
import { lacksProfileClaims, mergeUserinfoClaims } from './userinfo-claims.js';

/** One upstream account; `(providerType, issuer, subject)` identifies it (SECURITY C6). */
export interface UpstreamIdentity {
  providerType: OAuthProviderType;
  issuer: string;
  subject: string;
  email: string | null;
  /** True only when the upstream vouches for the address; account linking depends on it. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
  locale: string | null;
}

/**
 * The `user` form field Apple posts on the first authorization only. It is not signed, so only
 * the name is taken from it; the email comes from the ID token.
 */
export interface AppleUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/** What `identityFromTokens` needs besides the tokens. */
export interface IdentityFromTokensOptions {
  /**
   * The nonce sent in the authorization request; the ID token must echo it. Required for
   * OpenID providers: without it the sign-in is refused as 400 `oauth_state_mismatch`.
   */
  nonce?: string;
  /** Apple's `user` form field, parsed, when the callback had one. */
  appleUser?: AppleUser;
}

/** What `identityFromTokens` calls. */
export interface IdentityFromTokensDeps {
  http: UpstreamHttp;
  discovery: Discovery;
  verifyIdToken: VerifyIdToken;
  readUserinfo: ReadUserinfo;
}

/**
 * Who signed in: from the verified ID token for OpenID providers (the token is required),
 * completed from their userinfo endpoint when the token leaves the address or name out; from
 * GitHub's user API for GitHub; and from the userinfo endpoint for other OAuth 2.0 providers.
 */
export async function identityFromTokens(
  deps: IdentityFromTokensDeps,
  config: UpstreamConfig,
  tokens: Pick<UpstreamTokens, 'access_token' | 'id_token'>,
  options: IdentityFromTokensOptions = {},
): Promise<UpstreamIdentity> {
  if (config.kind === 'oidc') {
    if (!tokens.id_token) {
      throw new ApiError('oauth_token_invalid', { message: 'The identity provider returned no ID token.' });
    }
    // Fail closed: an OpenID sign-in without a nonce to compare could be a replayed token.
    if (options.nonce === undefined) {
      throw new ApiError('oauth_state_mismatch', {
        message: 'This sign-in has no nonce to check the ID token against.',
      });
    }
    const claims = await deps.verifyIdToken(config, tokens.id_token, { nonce: options.nonce });
    const completed = await withUserinfo(deps, config, claims, tokens.access_token);
    return identityFromClaims(config.providerType, completed, options.appleUser);
  }
  const { userinfoEndpoint } = await resolveEndpoints(deps.discovery, config);
  if (!userinfoEndpoint) {
    throw new ApiError('service_unavailable', {
      message: `The ${config.providerType} sign-in has no user API configured.`,
    });
  }
  if (config.providerType === 'github') {
    return fetchGitHubIdentity(deps.http, config, userinfoEndpoint, tokens.access_token);
  }
  const answer = await getUserApi(deps.http, userinfoEndpoint, tokens.access_token);
  const info = answer.ok ? asObject(answer.body) : undefined;
  if (!answer.ok || !info) {
    throw new ApiError('oauth_token_invalid', {
      message: answer.ok
        ? "The identity provider's userinfo answer is not a JSON object."
        : `The identity provider refused the access token at its userinfo endpoint (HTTP ${answer.status}).`,
    });
  }
  const subject = info.sub ?? info.id;
  if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '') {
    throw new ApiError('oauth_token_invalid', {
      message: "The identity provider's userinfo answer has no sub or id.",
    });
  }
  const issuer = config.issuer ?? new URL(userinfoEndpoint).origin;
  return identityFromUserinfo(config.providerType, issuer, String(subject), info);
}

/**
 * OpenID Connect Core §5.4: a provider may release the address and profile only from userinfo
 * (oidc-provider's default, among others). Asked only when the ID token lacks them, and only
 * when the provider has a userinfo endpoint (Discovery makes it RECOMMENDED, and Apple has none).
 */
async function withUserinfo(
  deps: IdentityFromTokensDeps,
  config: UpstreamConfig,
  claims: IdTokenClaims,
  accessToken: string,
): Promise<IdTokenClaims> {
  if (!lacksProfileClaims(config.providerType, claims)) return claims;
  const { userinfoEndpoint, jwksUri } = await resolveEndpoints(deps.discovery, config);
  if (!userinfoEndpoint || !jwksUri) return claims;
  const userinfo = await deps.readUserinfo(config, {
    userinfoEndpoint,
    jwksUri,
    accessToken,
    idToken: { iss: claims.iss, sub: claims.sub },
  });
  return mergeUserinfoClaims(claims, userinfo);
}

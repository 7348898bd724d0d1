/** @module upstream-endpoints — where to send a configured provider's requests: configuration first, then discovery. */
import { ApiError } from '../../../errors/api-error.js';
import type { Discovery } from './discovery.js';
import type { UpstreamConfig } from './upstream-config.js';

/** The endpoints of one configured provider. */
export interface UpstreamEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** OpenID providers only. */
  jwksUri?: string;
  userinfoEndpoint?: string;
  /** The `iss` an ID token must carry; Microsoft's holds `{tenantid}` (OpenID providers only). */
  issuer?: string;
}

/**
 * Explicit endpoints win over discovered ones; discovery runs only when one is missing, so a
 * fully configured provider needs no network until the token exchange.
 */
export async function resolveEndpoints(
  discovery: Discovery,
  config: UpstreamConfig,
): Promise<UpstreamEndpoints> {
  if (config.kind === 'oauth2') {
    const { authorizationEndpoint, tokenEndpoint, userinfoEndpoint } = config;
    if (!authorizationEndpoint || !tokenEndpoint || !userinfoEndpoint) throw misconfigured(config);
    return { authorizationEndpoint, tokenEndpoint, userinfoEndpoint };
  }
  if (!config.issuer) throw misconfigured(config);
  if (config.authorizationEndpoint && config.tokenEndpoint && config.jwksUri) {
    const endpoints: UpstreamEndpoints = {
      authorizationEndpoint: config.authorizationEndpoint,
      tokenEndpoint: config.tokenEndpoint,
      jwksUri: config.jwksUri,
      issuer: config.issuer,
    };
    if (config.userinfoEndpoint) endpoints.userinfoEndpoint = config.userinfoEndpoint;
    return endpoints;
  }
  const metadata = await discovery.metadata(config.issuer, config.providerType);
  const endpoints: UpstreamEndpoints = {
    authorizationEndpoint: config.authorizationEndpoint ?? metadata.authorizationEndpoint,
    tokenEndpoint: config.tokenEndpoint ?? metadata.tokenEndpoint,
    jwksUri: config.jwksUri ?? metadata.jwksUri,
    issuer: metadata.issuer,
  };
  const userinfo = config.userinfoEndpoint ?? metadata.userinfoEndpoint;
  if (userinfo) endpoints.userinfoEndpoint = userinfo;
  return endpoints;
}

/** Only reachable with a configuration that skipped validateUpstreamConfig. */
function misconfigured(config: UpstreamConfig): ApiError {
  return new ApiError('service_unavailable', {
    message: `The ${config.providerType} sign-in is configured without the endpoints it needs.`,
  });
}

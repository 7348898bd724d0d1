/** @module internal/remote-jwks — the provider's JWKS, fetched and cached through jose (the one place that wraps it). */

import { createRemoteJWKSet, customFetch, errors, type JWTVerifyGetKey } from 'jose';
import { LatchkeyServerError } from '../errors.js';
import { providerEndpoint, type ResolvedServerClientOptions } from '../options.js';

/**
 * Returns a key resolver for `jwtVerify` over `{providerUrl}/v1/sessions/jwks/{projectId}`.
 *
 * jose keeps the keys for `jwksCacheMaxAgeMs`, and refetches early when a JWT names a `kid` it
 * has not seen (key rotation) unless it fetched within `jwksCooldownMs`. Failures to fetch or
 * parse the set become `jwks_unavailable`, so a JWKS outage fails closed with its own code
 * (SECURITY.md J6: cached keys only, unknown kid → rejected).
 */
export function createProviderJwks(options: ResolvedServerClientOptions): JWTVerifyGetKey {
  const url = providerEndpoint(options, `/v1/sessions/jwks/${encodeURIComponent(options.projectId)}`);
  const remote = createRemoteJWKSet(url, {
    cacheMaxAge: options.jwksCacheMaxAgeMs,
    cooldownDuration: options.jwksCooldownMs,
    timeoutDuration: options.timeoutMs,
    [customFetch]: options.fetch,
  });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      // These say something about the token (its kid or alg), not about the JWKS endpoint.
      if (
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys ||
        error instanceof errors.JOSENotSupported
      ) {
        throw error;
      }
      throw new LatchkeyServerError('jwks_unavailable', { cause: error });
    }
  };
}

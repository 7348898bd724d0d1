/** @module internal/remote-jwks — the provider's JWKS, fetched and cached through jose (the one place that wraps it). */

import {
  createRemoteJWKSet,
  customFetch,
  errors,
  type FetchImplementation,
  type JWTVerifyGetKey,
} from 'jose';
import { LatchkeyServerError } from '../errors.js';
import { providerEndpoint, type ResolvedServerClientOptions } from '../options.js';

/** The provider's key set: jose's key resolver, and a way to tell that it has not changed. */
export interface ProviderJwks {
  /** Resolves a JWS header to a key, as `jwtVerify` takes it; may fetch the set. */
  getKey: JWTVerifyGetKey;
  /**
   * A number that stays the same exactly while the resolver keeps answering from the same
   * fetched key set, so the same header gets the same key object; `undefined` while a fetch is
   * under way or the set is older than `jwksCacheMaxAgeMs` (then the resolver would fetch, so
   * it must be asked). It counts fetches started, so a failed fetch changes it too: only ever an
   * extra lookup, never a skipped one.
   */
  settledVersion(): number | undefined;
}

/**
 * Returns the key set of `{providerUrl}/v1/sessions/jwks/{projectId}`.
 *
 * jose keeps the keys for `jwksCacheMaxAgeMs`, and refetches early when a JWT names a `kid` it
 * has not seen (key rotation) unless it fetched within `jwksCooldownMs`. Failures to fetch or
 * parse the set become `jwks_unavailable`, so a JWKS outage fails closed with its own code
 * (SECURITY.md J6: cached keys only, unknown kid → rejected).
 */
export function createProviderJwks(options: ResolvedServerClientOptions): ProviderJwks {
  const url = providerEndpoint(options, `/v1/sessions/jwks/${encodeURIComponent(options.projectId)}`);
  let fetchesStarted = 0;
  const remote = createRemoteJWKSet(url, {
    cacheMaxAge: options.jwksCacheMaxAgeMs,
    cooldownDuration: options.jwksCooldownMs,
    timeoutDuration: options.timeoutMs,
    // jose replaces its key set only when a fetch completes, so counting starts is enough.
    [customFetch]: ((jwksUrl, init) => {
      fetchesStarted += 1;
      return options.fetch(jwksUrl, init);
    }) satisfies FetchImplementation,
  });
  const getKey: JWTVerifyGetKey = async (header, token) => {
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
  return {
    getKey,
    settledVersion: () => (remote.reloading || !remote.fresh ? undefined : fetchesStarted),
  };
}

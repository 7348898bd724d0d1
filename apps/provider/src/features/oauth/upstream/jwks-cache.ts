/**
 * @module jwks-cache — one jose remote key set per `jwks_uri`, with SECURITY J6's outage rule:
 * when the JWKS cannot be fetched, the keys fetched before still verify, and an unknown `kid`
 * is refused (401) rather than waited for.
 */
import { createLocalJWKSet, createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from 'jose';
import { ApiError } from '../../../errors/api-error.js';
import { asObject, type UpstreamHttp } from './upstream-http.js';

/** How long fetched keys are trusted before asking again, and how soon an unknown `kid` may ask again. */
export interface JwksTiming {
  /** jose's `cacheMaxAge`; keys removed upstream stop verifying after this. */
  cacheMaxAgeMs: number;
  /** jose's `cooldownDuration`: an unknown `kid` refetches at most this often, so forged `kid`s cannot hammer the upstream. */
  cooldownMs: number;
}

export const DEFAULT_JWKS_TIMING: JwksTiming = { cacheMaxAgeMs: 10 * 60 * 1000, cooldownMs: 30 * 1000 };

/** jwks_uri values come from project configuration; past this many the oldest set is dropped. */
const JWKS_CACHE_ENTRIES = 256;

/** Key resolvers for jose's `jwtVerify`, one cached set per URI. */
export interface JwksCache {
  keyFor(jwksUri: string): JWTVerifyGetKey;
}

/** Thrown by our fetch wrapper so an outage can be told apart from a verification failure. */
class JwksUnreachable extends Error {
  override readonly name = 'JwksUnreachable';
}

/** Creates an empty cache. jose keeps its own clock for key freshness (wall time, not the injected clock). */
export function createJwksCache(deps: { http: UpstreamHttp; timing?: JwksTiming }): JwksCache {
  const timing = deps.timing ?? DEFAULT_JWKS_TIMING;
  const sets = new Map<string, JWTVerifyGetKey>();

  // Every failure to get a usable key set becomes JwksUnreachable, before jose sees the answer.
  const fetchJwks = async (url: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    let text: string;
    try {
      response = await deps.http.fetch(url, init);
      text = await response.text();
    } catch (cause) {
      throw new JwksUnreachable('the JWKS could not be fetched', { cause });
    }
    if (response.status !== 200) throw new JwksUnreachable(`the JWKS answered HTTP ${response.status}`);
    let keys: unknown;
    try {
      keys = asObject(JSON.parse(text))?.keys;
    } catch {
      keys = undefined;
    }
    if (!Array.isArray(keys)) throw new JwksUnreachable('the JWKS is not a JSON key set');
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  };

  const create = (jwksUri: string): JWTVerifyGetKey => {
    const remote = createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: deps.http.timeoutMs,
      cacheMaxAge: timing.cacheMaxAgeMs,
      cooldownDuration: timing.cooldownMs,
      [customFetch]: fetchJwks,
    });
    return async (protectedHeader, token) => {
      try {
        return await remote(protectedHeader, token);
      } catch (error) {
        if (!(error instanceof JwksUnreachable)) throw error;
        const cached = remote.jwks();
        if (!cached) {
          throw new ApiError('service_unavailable', {
            message: "The identity provider's signing keys (JWKS) could not be fetched. Try again shortly.",
            cause: error,
          });
        }
        // J6: the keys seen before still verify; a kid among them fails as unknown (JWKSNoMatchingKey).
        return createLocalJWKSet(cached)(protectedHeader, token);
      }
    };
  };

  return {
    keyFor(jwksUri) {
      let set = sets.get(jwksUri);
      if (!set) {
        if (sets.size >= JWKS_CACHE_ENTRIES) {
          const oldest = sets.keys().next();
          if (!oldest.done) sets.delete(oldest.value);
        }
        set = create(jwksUri);
        sets.set(jwksUri, set);
      }
      return set;
    },
  };
}

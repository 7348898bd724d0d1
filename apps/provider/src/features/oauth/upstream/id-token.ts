/**
 * @module id-token — verifies an upstream ID token (OpenID Connect Core §3.1.3.7) with jose:
 * signature by the issuer's published keys, algorithm allow-list, `iss`, `aud`, `azp`, times,
 * required claims and `nonce`. SECURITY C5.
 */
import { errors, type JWTPayload, jwtVerify } from 'jose';
import type { Clock } from '../../../clock.js';
import { constantTimeEqual } from '../../../crypto/hash.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Discovery } from './discovery.js';
import type { JwksCache } from './jwks-cache.js';
import { GOOGLE_ISSUER, GOOGLE_ISSUER_WITHOUT_SCHEME, MICROSOFT_TENANT_PLACEHOLDER } from './presets.js';
import type { UpstreamConfig } from './upstream-config.js';
import { resolveEndpoints } from './upstream-endpoints.js';

/** Asymmetric algorithms only: `none` proves nothing and HS* would make the client secret a signing key. */
export const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
];

/** Clocks of the provider and the upstream may disagree by this much, for `exp`, `nbf` and `iat`. */
export const ID_TOKEN_CLOCK_TOLERANCE_S = 60;

/** A verified ID token's claims; the standard ones this provider relies on are typed. */
export interface IdTokenClaims extends JWTPayload {
  iss: string;
  sub: string;
  iat: number;
  exp: number;
  nonce?: string;
}

export interface VerifyIdTokenOptions {
  /** When given, the token's `nonce` must equal it (else 400 `oauth_state_mismatch`). */
  nonce?: string;
}

/** Verifies one ID token against one configured provider. */
export type VerifyIdToken = (
  config: UpstreamConfig,
  idToken: string,
  options?: VerifyIdTokenOptions,
) => Promise<IdTokenClaims>;

/**
 * Creates the verifier. Every failure is 401 `oauth_token_invalid` with a message naming the
 * check (never the token), except a nonce mismatch (400 `oauth_state_mismatch`) and keys that
 * cannot be fetched with none cached (503 `service_unavailable`).
 */
export function createIdTokenVerifier(deps: {
  clock: Clock;
  discovery: Discovery;
  jwks: JwksCache;
}): VerifyIdToken {
  return async (config, idToken, options = {}) => {
    const endpoints = await resolveEndpoints(deps.discovery, config);
    if (config.kind !== 'oidc' || !endpoints.jwksUri || !endpoints.issuer) {
      throw invalid(
        `${config.providerType} is not configured as an OpenID provider, so it has no ID tokens.`,
      );
    }
    const now = deps.clock.now();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, deps.jwks.keyFor(endpoints.jwksUri), {
        algorithms: ID_TOKEN_ALGORITHMS,
        audience: config.clientId,
        currentDate: now,
        clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
        requiredClaims: ['iss', 'sub', 'iat', 'exp'],
      }));
    } catch (error) {
      throw toApiError(error);
    }
    const claims = payload as IdTokenClaims;

    if (typeof claims.sub !== 'string' || claims.sub === '')
      throw invalid('The ID token has an empty subject (sub).');
    // jose checks iat only alongside maxTokenAge; a token from the future is refused here (Core §3.1.3.7 step 10).
    if (claims.iat > now.getTime() / 1000 + ID_TOKEN_CLOCK_TOLERANCE_S) {
      throw invalid('The ID token was issued in the future (iat); check the clocks.');
    }
    if (!acceptedIssuers(config, endpoints.issuer, claims).includes(claims.iss)) {
      throw invalid(`The ID token's issuer is not ${endpoints.issuer}.`);
    }
    // Core §3.1.3.7 steps 4–5: a token for several audiences must name us as its authorised party.
    if (claims.azp !== undefined && claims.azp !== config.clientId) {
      throw invalid("The ID token's authorised party (azp) is not this project's client id.");
    }
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp === undefined) {
      throw invalid('The ID token names several audiences but no authorised party (azp).');
    }
    if (options.nonce !== undefined) {
      // Core §3.1.3.7 step 11: replay protection; compared in constant time like any secret.
      if (typeof claims.nonce !== 'string' || !constantTimeEqual(claims.nonce, options.nonce)) {
        throw new ApiError('oauth_state_mismatch', {
          message: "The ID token's nonce does not match this sign-in. Start the sign-in again.",
        });
      }
    }
    return claims;
  };
}

/**
 * The exact `iss` values accepted: the configured issuer; Microsoft's `{tenantid}` filled with
 * the token's own `tid`; and for Google also the scheme-less spelling it documents.
 */
function acceptedIssuers(config: UpstreamConfig, issuer: string, claims: IdTokenClaims): string[] {
  if (issuer.includes(MICROSOFT_TENANT_PLACEHOLDER)) {
    const tid = claims.tid;
    if (config.providerType !== 'microsoft' || typeof tid !== 'string' || !/^[A-Za-z0-9.-]+$/.test(tid))
      return [];
    return [issuer.replace(MICROSOFT_TENANT_PLACEHOLDER, tid)];
  }
  if (config.providerType === 'google' && issuer === GOOGLE_ISSUER)
    return [issuer, GOOGLE_ISSUER_WITHOUT_SCHEME];
  return [issuer];
}

function invalid(message: string, cause?: unknown): ApiError {
  return new ApiError('oauth_token_invalid', { message, cause });
}

/** jose's error → what the operator or user is told; jose's own messages can quote claim values. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof errors.JWTExpired) return invalid('The ID token has expired.', error);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return invalid(`The ID token has no "${error.claim}" claim.`, error);
    if (error.claim === 'aud')
      return invalid("The ID token's audience is not this project's client id.", error);
    if (error.claim === 'nbf') return invalid('The ID token is not valid yet (nbf).', error);
    return invalid(`The ID token's "${error.claim}" claim is malformed.`, error);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return invalid("The ID token's signing algorithm is not accepted (never none or HS*).", error);
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return invalid('The ID token is signed with a key (kid) the identity provider does not publish.', error);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return invalid("The ID token's signature does not verify with the identity provider's keys.", error);
  }
  if (error instanceof errors.JOSEError) return invalid('The ID token is malformed.', error);
  return invalid('The ID token could not be verified.', error);
}

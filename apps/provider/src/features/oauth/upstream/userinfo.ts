/**
 * @module userinfo — reads an OpenID provider's userinfo endpoint (OpenID Connect Core §5.3) with
 * the access token: JSON, or a signed JWT verified with the issuer's keys, and only when its
 * `sub` is the ID token's (§5.3.2).
 */
import { errors, jwtVerify } from 'jose';
import type { Clock } from '../../../clock.js';
import { ApiError } from '../../../errors/api-error.js';
import { ID_TOKEN_ALGORITHMS, ID_TOKEN_CLOCK_TOLERANCE_S } from './id-token.js';
import type { JwksCache } from './jwks-cache.js';
import type { UpstreamConfig } from './upstream-config.js';
import { asObject, fetchUpstream, parseJson, readText, type UpstreamHttp } from './upstream-http.js';

/** Where to ask, and what the verified ID token said, which the answer must agree with. */
export interface ReadUserinfoInput {
  userinfoEndpoint: string;
  /** The issuer's keys, for an answer signed as a JWT. */
  jwksUri: string;
  accessToken: string;
  /** The verified ID token's `iss` (a signed answer must name it) and `sub` (every answer must). */
  idToken: { iss: string; sub: string };
}

/**
 * The userinfo claims of the person the ID token names. No answer, a time-out or a 5xx is 503
 * `service_unavailable`; a refusal, an answer that is not a claims object, a signed answer that
 * does not verify, an encrypted one, and a `sub` that differs are 401 `oauth_token_invalid`.
 */
export type ReadUserinfo = (
  config: UpstreamConfig,
  input: ReadUserinfoInput,
) => Promise<Record<string, unknown>>;

/** Creates the reader; signed answers are checked with the same JWKS cache as ID tokens. */
export function createUserinfoReader(deps: {
  http: UpstreamHttp;
  clock: Clock;
  jwks: JwksCache;
}): ReadUserinfo {
  return async (config, input) => {
    const response = await fetchUpstream(
      deps.http,
      input.userinfoEndpoint,
      {
        headers: {
          Accept: 'application/json, application/jwt',
          'User-Agent': 'latchkey-provider',
          // RFC 6750 §2.1; never in the query string, where logs and proxies would keep it.
          Authorization: `Bearer ${input.accessToken}`,
        },
      },
      'userinfo endpoint',
    );
    if (response.status >= 500) {
      throw new ApiError('service_unavailable', {
        message: `The identity provider's userinfo endpoint answered HTTP ${response.status}. Try again shortly.`,
      });
    }
    if (response.status !== 200) {
      throw invalid(
        `The identity provider refused the access token at its userinfo endpoint (HTTP ${response.status}).`,
      );
    }
    const body = await readText(response, 'userinfo endpoint');
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const claims =
      mediaType === 'application/jwt'
        ? await verifiedJwtClaims(deps, config, input, body)
        : asObject(parseJson(body));
    if (!claims) throw invalid("The identity provider's userinfo answer is not a JSON object of claims.");
    // Core §5.3.2: the answer may be about another person (a token mix-up or substitution); its
    // values must not be used, so the sign-in stops rather than carry on without them.
    if (claims.sub !== input.idToken.sub) {
      throw invalid(
        "The identity provider's userinfo answer is about another account (sub) than its ID token, so the sign-in was refused.",
      );
    }
    return claims;
  };
}

/** Core §5.3.2: a signed answer is a JWT by the issuer's keys, with `iss` and `aud` (our client id). */
async function verifiedJwtClaims(
  deps: { clock: Clock; jwks: JwksCache },
  config: UpstreamConfig,
  input: ReadUserinfoInput,
  jwt: string,
): Promise<Record<string, unknown>> {
  const compact = jwt.trim();
  if (compact.split('.').length === 5) {
    // Opening it would need a key of ours registered at the upstream; none is.
    throw invalid(
      "The identity provider's userinfo answer is encrypted (JWE), which is not supported: turn off userinfo encryption for this client at the identity provider.",
    );
  }
  try {
    const { payload } = await jwtVerify(compact, deps.jwks.keyFor(input.jwksUri), {
      algorithms: ID_TOKEN_ALGORITHMS,
      issuer: input.idToken.iss,
      audience: config.clientId,
      currentDate: deps.clock.now(),
      clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
    });
    return payload as Record<string, unknown>;
  } catch (error) {
    throw jwtProblem(error);
  }
}

function invalid(message: string, cause?: unknown): ApiError {
  return new ApiError('oauth_token_invalid', { message, cause });
}

/** jose's error → a message naming the failed check (jose's own can quote claim values). */
function jwtProblem(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const signed = "The identity provider's signed userinfo answer";
  if (error instanceof errors.JWTExpired) return invalid(`${signed} has expired.`, error);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return invalid(`${signed} names another issuer than the ID token.`, error);
    if (error.claim === 'aud') return invalid(`${signed} is not for this project's client id (aud).`, error);
    return invalid(`${signed} has a missing or malformed "${error.claim}" claim.`, error);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return invalid(`${signed} uses a signing algorithm that is not accepted (never none or HS*).`, error);
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return invalid(`${signed} is signed with a key (kid) the identity provider does not publish.`, error);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return invalid(`${signed} does not verify with the identity provider's keys.`, error);
  }
  return invalid(`${signed} is malformed.`, error);
}

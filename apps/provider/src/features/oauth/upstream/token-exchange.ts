/** @module token-exchange — redeems an upstream authorization code (RFC 6749 §4.1.3, RFC 7636 §4.5). */
import type { Clock } from '../../../clock.js';
import { ApiError } from '../../../errors/api-error.js';
import { createAppleClientSecret } from './apple-client-secret.js';
import type { UpstreamConfig } from './upstream-config.js';
import { asObject, fetchUpstream, readJson, type UpstreamHttp } from './upstream-http.js';

/** The upstream's tokens, named as `provider_values` names them on the wire. */
export interface UpstreamTokens {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  /** As granted; the requested scopes when the answer leaves `scope` out (RFC 6749 §5.1). */
  scopes: string[];
  /** ISO 8601, from `expires_in` and the injected clock. */
  expires_at?: string;
}

/** What one callback brings to the exchange. */
export interface ExchangeCodeOptions {
  code: string;
  /** Exactly the `redirect_uri` of the authorization request (RFC 6749 §4.1.3). */
  redirectUri: string;
  /** The verifier of the challenge sent upstream. */
  codeVerifier: string;
  /** What was asked for, reported when the upstream does not say what it granted. */
  requestedScopes?: readonly string[];
}

/**
 * Posts the code to the token endpoint with client_secret_post. No answer, a time-out or a 5xx
 * is 503 `service_unavailable`; a refusal (4xx, or an `error` field, as GitHub answers with 200)
 * is 401 `oauth_token_invalid`: a replayed code, a PKCE mismatch or wrong client credentials.
 */
export async function exchangeCode(
  deps: { http: UpstreamHttp; clock: Clock },
  config: UpstreamConfig,
  tokenEndpoint: string,
  options: ExchangeCodeOptions,
): Promise<UpstreamTokens> {
  const clientSecret = config.apple
    ? await createAppleClientSecret({
        apple: config.apple,
        clientId: config.clientId,
        ...(config.issuer ? { audience: config.issuer } : {}),
        now: deps.clock.now(),
      })
    : config.clientSecret;
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
    code_verifier: options.codeVerifier,
    client_id: config.clientId,
    client_secret: clientSecret,
  });
  const response = await fetchUpstream(
    deps.http,
    tokenEndpoint,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    },
    'token endpoint',
  );
  if (response.status >= 500) {
    throw new ApiError('service_unavailable', {
      message: `The identity provider's token endpoint answered HTTP ${response.status}. Try again shortly.`,
    });
  }
  const answer = asObject(await readJson(response, 'token endpoint'));
  const refusal = typeof answer?.error === 'string' ? answer.error : undefined;
  if (response.status >= 400 || refusal !== undefined) {
    throw new ApiError('oauth_token_invalid', {
      message: `The identity provider refused the authorization code${refusal ? ` (${printable(refusal)})` : ` (HTTP ${response.status})`}: it may have been used already, or the PKCE verifier or client credentials did not match.`,
    });
  }
  if (
    response.status !== 200 ||
    !answer ||
    typeof answer.access_token !== 'string' ||
    answer.access_token === ''
  ) {
    throw new ApiError('oauth_token_invalid', {
      message: "The identity provider's token response has no access_token.",
    });
  }
  return toTokens(answer, deps.clock.now(), options.requestedScopes ?? config.scopes);
}

function toTokens(answer: Record<string, unknown>, now: Date, requested: readonly string[]): UpstreamTokens {
  const tokens: UpstreamTokens = {
    access_token: answer.access_token as string,
    // RFC 6749 §3.3 says space-separated; GitHub separates with commas.
    scopes: typeof answer.scope === 'string' ? answer.scope.split(/[\s,]+/).filter(Boolean) : [...requested],
  };
  if (typeof answer.id_token === 'string' && answer.id_token !== '') tokens.id_token = answer.id_token;
  if (typeof answer.refresh_token === 'string' && answer.refresh_token !== '')
    tokens.refresh_token = answer.refresh_token;
  // Some providers send expires_in as a string of digits.
  const expiresIn = typeof answer.expires_in === 'string' ? Number(answer.expires_in) : answer.expires_in;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0) {
    tokens.expires_at = new Date(now.getTime() + expiresIn * 1000).toISOString();
  }
  return tokens;
}

/** An upstream error code, kept to its RFC 6749 §5.2 character set so it cannot inject into a message. */
function printable(code: string): string {
  return code.replace(/[^\x20-\x7E]/g, '').slice(0, 64);
}

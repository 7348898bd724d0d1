/** @module user-api — reads an upstream user API with the access token (GitHub's `/user`, an OAuth 2.0 userinfo). */
import { ApiError } from '../../../errors/api-error.js';
import { fetchUpstream, readJson, type UpstreamHttp } from './upstream-http.js';

/** The answer of a user API call: JSON, or refused with the HTTP status (the caller decides what a refusal means). */
export type UserApiResult = { ok: true; body: unknown } | { ok: false; status: number };

/** GETs `url` with the bearer token. No answer or a 5xx is 503; a non-JSON 200 is 401 `oauth_token_invalid`. */
export async function getUserApi(
  http: UpstreamHttp,
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<UserApiResult> {
  const response = await fetchUpstream(
    http,
    url,
    {
      headers: {
        Accept: 'application/json',
        // GitHub refuses requests without a User-Agent.
        'User-Agent': 'latchkey-provider',
        ...headers,
        Authorization: `Bearer ${accessToken}`,
      },
    },
    'user API',
  );
  if (response.status >= 500) {
    throw new ApiError('service_unavailable', {
      message: `The identity provider's user API answered HTTP ${response.status}. Try again shortly.`,
    });
  }
  if (response.status !== 200) return { ok: false, status: response.status };
  const body = await readJson(response, 'user API');
  if (body === undefined) {
    throw new ApiError('oauth_token_invalid', {
      message: "The identity provider's user API did not answer with JSON.",
    });
  }
  return { ok: true, body };
}

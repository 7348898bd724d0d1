/** @module oauth — server-side redemption of an OAuth flow's token through `POST /v1/oauth/authenticate`. */

import type { ProviderValues, ServerOAuthAuthenticateResult } from '@latchkey/wire';
import { redeemSignInToken } from './internal/redeem-sign-in-token.js';
import type { ResolvedServerClientOptions } from './options.js';
import type { WithSession } from './session.js';

/** Options of `oauth.authenticate`, named as on the wire. */
export interface OAuthAuthenticateOptions {
  /** The new session lasts this many minutes (the provider's default when absent). */
  session_duration_minutes?: number;
  /** Needed only when the flow was started with a PKCE `code_challenge`. */
  code_verifier?: string;
  /**
   * Custom claims of the new session: on its Session object and in every JWT of it (the keys
   * iss, sub, aud, exp, nbf, iat, jti and `https://stytch.com/…` are refused; at most 4 KB of JSON).
   */
  session_custom_claims?: Record<string, unknown>;
}

/** The upstream's tokens, handed over once (`""` / `null` where the upstream gave none): the wire's. */
export type OAuthProviderValues = ProviderValues;

/**
 * The provider's answer, flat and in the wire's snake_case (docs/provider-api.md): the linked
 * identity (`oauth_user_registration_id`, an entry of `user.providers`) and what the upstream said.
 */
export type OAuthAuthenticateResult = WithSession<ServerOAuthAuthenticateResult>;

/** The `oauth` namespace of the server client. */
export interface OAuthServerMethods {
  /**
   * Redeems the `token` an OAuth flow brought to the integrator's redirect URL; single use.
   * Always makes a new session. Throws a {@link LatchkeyServerError}:
   * `unable_to_auth_oauth_token` for a used, expired or unknown token, `pkce_mismatch` for a
   * missing or wrong verifier, else as `authenticateSession`.
   */
  authenticate(token: string, options?: OAuthAuthenticateOptions): Promise<OAuthAuthenticateResult>;
}

/** Builds the namespace over resolved options. */
export function createOAuthServerMethods(options: ResolvedServerClientOptions): OAuthServerMethods {
  return {
    authenticate: (token, request = {}) =>
      redeemSignInToken<OAuthAuthenticateResult>(options, '/v1/oauth/authenticate', token, request, [
        'oauth_user_registration_id',
        'provider_type',
      ]),
  };
}

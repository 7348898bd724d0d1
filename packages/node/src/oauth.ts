/** @module oauth — server-side redemption of an OAuth flow's token through `POST /v1/oauth/authenticate`. */

import { redeemSignInToken } from './internal/redeem-sign-in-token.js';
import type { ResolvedServerClientOptions } from './options.js';
import type { Session } from './session.js';
import type { User } from './user.js';

/** Options of `oauth.authenticate`, named as on the wire. */
export interface OAuthAuthenticateOptions {
  /** The new session lasts this many minutes (the provider's default when absent). */
  session_duration_minutes?: number;
  /** Needed only when the flow was started with a PKCE `code_challenge`. */
  code_verifier?: string;
}

/** The upstream's tokens, handed over once (`""` / `null` where the upstream gave none). */
export interface OAuthProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
  expires_at: string | null;
}

/** The provider's answer, flat and in the wire's snake_case (docs/provider-api.md). */
export interface OAuthAuthenticateResult {
  status_code: number;
  request_id: string;
  user_id: string;
  /** The linked upstream identity (an entry of `user.providers`). */
  oauth_user_registration_id: string;
  session: Session;
  session_token: string;
  session_jwt: string;
  user: User;
  provider_subject: string;
  /** The wire provider name, e.g. `google`. */
  provider_type: string;
  profile_picture_url: string;
  locale: string;
  provider_values: OAuthProviderValues;
}

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

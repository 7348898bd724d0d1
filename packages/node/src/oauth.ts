/** @module oauth — server-side redemption of an OAuth flow's token through `POST /v1/oauth/authenticate`. */

import { LatchkeyServerError } from './errors.js';
import { postServerApi } from './internal/post-server-api.js';
import { invalidArgument, type ResolvedServerClientOptions } from './options.js';
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
    async authenticate(token, request = {}) {
      if (options.secret === undefined)
        throw invalidArgument('secret', 'is required to call the server-facing API');
      if (typeof token !== 'string' || token === '')
        throw invalidArgument('token', 'must be a non-empty string');
      const minutes = request.session_duration_minutes;
      if (minutes !== undefined && (!Number.isInteger(minutes) || minutes <= 0)) {
        throw invalidArgument('session_duration_minutes', 'must be a positive integer');
      }
      const body = await postServerApi(options, options.secret, '/v1/oauth/authenticate', {
        token,
        session_duration_minutes: minutes,
        code_verifier: request.code_verifier,
      });
      if (!isResult(body)) {
        throw new LatchkeyServerError('invalid_response', {
          message:
            'The provider answered 2xx without user_id, session, session_token, session_jwt, user and provider_type.',
          requestId: typeof body.request_id === 'string' ? body.request_id : undefined,
        });
      }
      return body;
    },
  };
}

function isResult(body: Record<string, unknown>): body is OAuthAuthenticateResult & {
  [key: string]: unknown;
} {
  const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;
  return (
    typeof body.user_id === 'string' &&
    isObject(body.session) &&
    isObject(body.user) &&
    typeof body.session_token === 'string' &&
    typeof body.session_jwt === 'string' &&
    typeof body.provider_type === 'string'
  );
}

/** @module magic-links — server-side redemption of a magic-link token through `POST /v1/magic_links/authenticate`. */

import type { ServerMagicLinksAuthenticateResult } from '@latchkey/wire';
import { redeemSignInToken } from './internal/redeem-sign-in-token.js';
import { createMagicLinksEmailServerMethods, type MagicLinksEmailServerMethods } from './magic-link-sends.js';
import type { ResolvedServerClientOptions } from './options.js';
import type { WithSession } from './session.js';

/** Options of `magicLinks.authenticate`, named as on the wire. */
export interface MagicLinksAuthenticateOptions {
  /** The new session lasts this many minutes (the provider's default when absent). */
  session_duration_minutes?: number;
  /** Needed only when the link was sent with a PKCE `code_challenge`. */
  code_verifier?: string;
  /**
   * The user's session token. A secondary link (one that adds an address to a signed-in user) is
   * redeemable only with it; it then adds the factor to that session and the answer carries it.
   */
  session_token?: string;
  /**
   * Custom claims of the new session: on its Session object and in every JWT of it (the keys
   * iss, sub, aud, exp, nbf, iat, jti and `https://stytch.com/…` are refused; at most 4 KB of JSON).
   */
  session_custom_claims?: Record<string, unknown>;
  /** The end user's address and browser, recorded on the new session (the caller's when absent). */
  attributes?: { ip_address?: string; user_agent?: string };
}

/** The provider's answer, flat and in the wire's snake_case (docs/provider-api.md); `method_id` is the email id the link proved. */
export type MagicLinksAuthenticateResult = WithSession<ServerMagicLinksAuthenticateResult>;

/** The `magicLinks` namespace of the server client. */
export interface MagicLinksServerMethods {
  /**
   * Redeems the `token` of a magic link the user followed to the integrator's page; single
   * use. Throws a {@link LatchkeyServerError}: `unable_to_auth_magic_link` for a used,
   * expired or unknown token (or a secondary link without its user's `session_token`), else as
   * `authenticateSession`.
   */
  authenticate(token: string, options?: MagicLinksAuthenticateOptions): Promise<MagicLinksAuthenticateResult>;
  /** Sends links by email: `send`, `loginOrCreate`, `invite`, `revokeInvite`. */
  readonly email: MagicLinksEmailServerMethods;
}

/** Builds the namespace over resolved options. */
export function createMagicLinksServerMethods(options: ResolvedServerClientOptions): MagicLinksServerMethods {
  return {
    email: createMagicLinksEmailServerMethods(options),
    authenticate: (token, request = {}) =>
      redeemSignInToken<MagicLinksAuthenticateResult>(
        options,
        '/v1/magic_links/authenticate',
        token,
        request,
        ['method_id'],
      ),
  };
}

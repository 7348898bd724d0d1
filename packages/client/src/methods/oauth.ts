/**
 * @module methods/oauth — `client.oauth`: the redirect to a social provider's start route, one
 * `start` per wire provider name, and the redemption of the token the page comes back with.
 */

import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '@latchkey/wire/oauth-providers';
import { LatchkeyArgumentError } from '../errors.js';
import type { ClientContext } from '../internal/context.js';
import { withDefaultMessage } from '../internal/default-message.js';
import { completeSignIn } from '../internal/sign-in.js';
import {
  assertNumber,
  assertOptionalHttpUrl,
  assertOptionalObject,
  assertOptionalStringArray,
  assertOptionalStringRecord,
  assertString,
} from '../internal/validate.js';
import type { AuthenticateResult, User } from '../wire-types.js';
import { createGoogleOneTap, type GoogleOneTapMethods } from './oauth-one-tap.js';

/** The wire's provider names, in its order (`endpoints.md`, OAuth start): `@latchkey/wire`'s one list. */
export { OAUTH_PROVIDER_TYPES, type OAuthProviderType };

/** Options of `oauth.{provider}.start`, named as the wire's query (snake_case, `docs/contracts.md`). */
export interface OAuthStartOptions {
  /** Where an existing user comes back to; absolute; the project's redirect list must hold it. */
  login_redirect_url?: string;
  /** Where a new user comes back to; absolute. */
  signup_redirect_url?: string;
  /** Scopes on top of the provider's defaults. */
  custom_scopes?: string[];
  /** Extra query parameters for the provider's authorization page, e.g. `{ prompt: 'select_account' }`. */
  provider_params?: Record<string, string>;
}

/** The start of one provider. */
export interface OAuthProviderMethods {
  /** Leaves the page for the provider's sign-in; resolves once navigation has been asked for. */
  start(options?: OAuthStartOptions): Promise<void>;
}

/** Options of `oauth.authenticate`. */
export interface OAuthAuthenticateOptions {
  session_duration_minutes: number;
}

/** The provider's own tokens, handed over once with the sign-in. */
export interface OAuthProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
  expires_at: string | null;
}

/** What `oauth.authenticate` returns: the sign-in result plus the provider's identity. */
export interface OAuthAuthenticateResult extends AuthenticateResult {
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
  provider_values: OAuthProviderValues;
}

/** `client.oauth`: one `{ start }` per wire provider name, plus `authenticate`. */
export type OAuthMethods = { readonly [P in OAuthProviderType]: OAuthProviderMethods } & {
  /** Redeems the `token` of a `stytch_token_type=oauth` redirect and signs in. */
  authenticate(token: string, options: OAuthAuthenticateOptions): Promise<OAuthAuthenticateResult>;
  /** Google One Tap through the provider's client-side services frame. */
  googleOneTap: GoogleOneTapMethods;
};

/** The text of a provider error that carries none (as the other methods' spec §8 defaults). */
export const OAUTH_AUTHENTICATE_DEFAULT_MESSAGE = 'Failed to authenticate OAuth token.';

function checkStartOptions(options: OAuthStartOptions | undefined): void {
  assertOptionalObject('options', options);
  assertOptionalHttpUrl('login_redirect_url', options?.login_redirect_url);
  assertOptionalHttpUrl('signup_redirect_url', options?.signup_redirect_url);
  assertOptionalStringArray('custom_scopes', options?.custom_scopes);
  // The wire joins scopes with spaces, so a space inside one would split it in two.
  if (options?.custom_scopes?.some((scope) => scope === '' || /\s/.test(scope))) {
    throw new LatchkeyArgumentError('custom_scopes', 'must hold scope names without spaces');
  }
  assertOptionalStringRecord('provider_params', options?.provider_params);
}

/** Builds `client.oauth`. */
export function createOAuthMethods(ctx: ClientContext): OAuthMethods {
  async function start(provider: OAuthProviderType, options: OAuthStartOptions = {}): Promise<void> {
    checkStartOptions(options);
    const config = await ctx.bootstrap.getAsync();
    // A new pair per start, or none: a stale pair from an abandoned start must not be sent later
    // (wire `client-state.md#pkce`).
    const pair = config.pkceRequiredForOAuth ? await ctx.pkce.create('oauth') : null;
    if (!pair) ctx.pkce.clear('oauth');
    const base = config.cnameDomain ? `https://${config.cnameDomain}` : ctx.options.providerBase;
    // Query in the wire's order; URLSearchParams writes the scopes' spaces as `+`.
    const query = new URLSearchParams({ public_token: ctx.options.publicToken });
    if (pair) query.set('code_challenge', pair.code_challenge);
    if (options.custom_scopes) query.set('custom_scopes', options.custom_scopes.join(' '));
    for (const [key, value] of Object.entries(options.provider_params ?? {})) {
      query.set(`provider_${key}`, value);
    }
    for (const key of ['login_redirect_url', 'signup_redirect_url'] as const) {
      const url = options[key];
      if (url) query.set(key, url);
    }
    // Unset options are undefined here and left out of the JSON the batch is sent as.
    const details = {
      provider_type: provider,
      custom_scopes: options.custom_scopes,
      cname_domain: config.cnameDomain,
      pkce: pair !== null,
      provider_params: options.provider_params,
    };
    ctx.telemetry.log({ name: 'start_oauth_flow', details });
    // Sent now: the batch timer would not outlive the page.
    ctx.telemetry.flush();
    ctx.options.navigate(`${base}/v1/public/oauth/${provider}/start?${query}`);
  }

  async function authenticate(
    token: string,
    options: OAuthAuthenticateOptions,
  ): Promise<OAuthAuthenticateResult> {
    assertString('token', token);
    assertOptionalObject('options', options);
    assertNumber('session_duration_minutes', options?.session_duration_minutes);
    const pair = ctx.pkce.get('oauth');
    let response: OAuthAuthenticateResult & { __user?: User };
    try {
      response = await withDefaultMessage(
        ctx.http.request<OAuthAuthenticateResult & { __user?: User }>({
          method: 'POST',
          path: '/oauth/authenticate',
          body: {
            token,
            code_verifier: pair?.code_verifier,
            session_duration_minutes: options.session_duration_minutes,
          },
        }),
        OAUTH_AUTHENTICATE_DEFAULT_MESSAGE,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.telemetry.log({ name: 'oauth_failure', details: { error: message }, error });
      throw error;
    }
    ctx.pkce.clear('oauth');
    // This endpoint's state comes from `__user` (`endpoints.md`, which user field each sign-in stores).
    const result = completeSignIn(ctx, response, '__user');
    ctx.telemetry.log({ name: 'oauth_success', details: { provider_type: result.provider_type } });
    return result;
  }

  const providers = Object.fromEntries(
    OAUTH_PROVIDER_TYPES.map((provider) => [
      provider,
      { start: (options?: OAuthStartOptions) => start(provider, options) },
    ]),
  ) as { [P in OAuthProviderType]: OAuthProviderMethods };
  return {
    ...providers,
    authenticate,
    googleOneTap: createGoogleOneTap(ctx),
  };
}

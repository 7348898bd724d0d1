/**
 * @module oauth-callback.service — the upstream's answer: the state proves this browser started
 * the flow, then the code is exchanged, the identity verified and linked, and the app gets a token.
 */
import type { Clock } from '../../clock.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { toApiError } from '../../errors/error-handler.js';
import type { Random } from '../../random.js';
import { toProject } from '../projects/project.js';
import { projectDirectory } from '../projects/project-directory.js';
import { callbackUrl } from './callback-url.js';
import { completeOAuthSignIn } from './complete-oauth-sign-in.js';
import type { CallbackFields } from './oauth.schemas.js';
import type { OAuthStateRow } from './oauth.table.js';
import type { OAuthConfigSource } from './oauth-config-source.js';
import { buildOAuthRedirectUrl } from './oauth-redirect-url.js';
import { hasStateCookie } from './oauth-state-cookie.js';
import { findOAuthStateLoginRedirect, oauthStates } from './oauth-states.repository.js';
import { requireProviderType } from './provider-name.js';
import type { AppleUser } from './upstream/identity.js';
import { type OAuthProviderType, providerDisplayName } from './upstream/provider-types.js';
import type { UpstreamClient } from './upstream/upstream-client.js';

/** What the callback needs. */
export interface OAuthCallbackDeps {
  db: Db;
  clock: Clock;
  random: Random;
  upstream: UpstreamClient;
  keyEncryptionSecret: string | undefined;
  publicUrl: string;
  /** The project's upstream configurations (the development issuer's for the dev project in development). */
  configs: OAuthConfigSource;
}

/** The way back to the app: a token, or an error the app can show; `failure` is set for the latter. */
export interface OAuthCallbackResult {
  location: string;
  /** The state whose cookie the answer clears. */
  state: string;
  failure?: ApiError;
}

function stateMismatch(message: string): ApiError {
  return new ApiError('oauth_state_mismatch', { message });
}

/** RFC 6749 §4.1.2.1 error codes are ASCII; keep them so when quoting one in a message. */
function printable(value: string): string {
  return value.replace(/[^\x20-\x7E]/g, '').slice(0, 64);
}

/** The upstream's `error=` as one of ours. */
function upstreamRefusal(provider: OAuthProviderType, error: string): ApiError {
  if (error === 'access_denied') {
    return new ApiError('oauth_user_cancelled', {
      message: `Sign-in with ${providerDisplayName(provider)} was cancelled.`,
    });
  }
  if (error === 'temporarily_unavailable' || error === 'server_error') {
    return new ApiError('service_unavailable', {
      message: `The identity provider is unavailable (${printable(error)}). Try again shortly.`,
    });
  }
  return new ApiError('invalid_request', {
    message: `The identity provider refused the sign-in request (${printable(error)}).`,
  });
}

/** Apple's unsigned `user` field: only well-formed JSON objects are used, and only for the name. */
function appleUserOf(field: string | undefined): AppleUser | undefined {
  if (field === undefined) return undefined;
  try {
    const parsed = JSON.parse(field) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as AppleUser)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the callback service. */
export function createOAuthCallbackService(deps: OAuthCallbackDeps) {
  /** Everything after a valid state; any failure becomes an error redirect to the login URL. */
  async function finish(
    provider: OAuthProviderType,
    row: OAuthStateRow,
    fields: CallbackFields,
  ): Promise<string> {
    if (fields.error !== undefined) throw upstreamRefusal(provider, fields.error);
    if (!fields.code) {
      throw new ApiError('oauth_token_invalid', {
        message: 'The identity provider sent no authorization code.',
      });
    }
    const projectRow = await projectDirectory.findById(deps.db, row.project_id);
    // The state row cascades away with its project, so a consumed state always has one.
    if (!projectRow) throw stateMismatch('The project of this sign-in no longer exists.');
    const project = toProject(projectRow);
    const config = await deps.configs.load(project, provider);
    if (!config) throw new ApiError('oauth_config_not_found');
    const tokens = await deps.upstream.exchangeCode(config, {
      code: fields.code,
      redirectUri: callbackUrl(deps.publicUrl, provider),
      codeVerifier: row.code_verifier,
      requestedScopes: [...config.scopes, ...row.custom_scopes],
    });
    const appleUser = provider === 'apple' ? appleUserOf(fields.user) : undefined;
    const identity = await deps.upstream.identityFromTokens(config, tokens, {
      ...(row.nonce === null ? {} : { nonce: row.nonce }),
      ...(appleUser ? { appleUser } : {}),
    });
    const signedIn = await completeOAuthSignIn(deps.db, deps, {
      project,
      identity,
      providerValues: tokens,
      codeChallenge: row.code_challenge,
      redirects: { login: row.login_redirect_url, signup: row.signup_redirect_url },
    });
    return signedIn.redirectUrl;
  }

  return {
    /**
     * Refusals before the state is known good (unknown provider; state missing, unknown, used,
     * expired, another provider's; cookie missing or different) throw and change nothing but,
     * for a cookie-matched state, its consumption. After that every outcome is a redirect.
     */
    async callback(
      providerName: string,
      fields: CallbackFields,
      cookieHeader: string | undefined,
    ): Promise<OAuthCallbackResult> {
      const provider = requireProviderType(providerName);
      const state = fields.state;
      if (!state) throw stateMismatch('The identity provider sent no state.');
      // SECURITY I3 (login CSRF): a callback this browser did not start has no cookie for its state.
      if (!hasStateCookie(cookieHeader, state)) {
        throw stateMismatch(
          'This browser did not start this sign-in: its state cookie is missing or different.',
        );
      }
      const row = await oauthStates.consume(
        deps.db,
        { state_hash: hashToken(state), provider_type: provider },
        deps.clock.now(),
      );
      if (!row)
        throw stateMismatch('This sign-in is unknown, already finished, expired, or for another provider.');
      try {
        return { location: await finish(provider, row, fields), state };
      } catch (error) {
        const failure = toApiError(error);
        const location = buildOAuthRedirectUrl(row.login_redirect_url, {
          error: failure.code,
          description: failure.message,
        });
        return { location, state, failure };
      }
    },

    /**
     * Where a callback refused before its state was known good can still return the browser: the
     * login redirect stored with that state at the start (allow-listed then), if the state exists.
     */
    async refusalReturnUrl(state: string | undefined): Promise<string | undefined> {
      if (!state || state.length > 256) return undefined;
      return findOAuthStateLoginRedirect(deps.db, hashToken(state));
    },
  };
}

/** The callback service. */
export type OAuthCallbackService = ReturnType<typeof createOAuthCallbackService>;

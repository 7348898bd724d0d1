/** @module oauth-start.service — the redirect to an upstream: checks, then a stored state and the authorization URL. */

import type { Clock } from '../../clock.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { createExpirySweep } from '../../db/expiry-sweep.js';
import { toJson } from '../../db/json-column.js';
import { deleteExpiredRows } from '../../db/single-use-rows.js';
import { ApiError } from '../../errors/api-error.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import { resolveRedirects } from '../magic-links/redirect-urls.js';
import type { Project } from '../projects/project.js';
import { callbackUrl } from './callback-url.js';
import type { StartInput } from './oauth.schemas.js';
import type { OAuthConfigSource } from './oauth-config-source.js';
import { OAUTH_STATE_LIFETIME_MS } from './oauth-policy.js';
import { insertOAuthState } from './oauth-states.repository.js';
import { requireProviderType } from './provider-name.js';
import type { UpstreamClient } from './upstream/upstream-client.js';

/** RFC 6749 §3.3 scope-token. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,256}$/;
const PROVIDER_PARAM = /^provider_([A-Za-z0-9_.-]{1,64})$/;
const MAX_PROVIDER_PARAMS = 20;
const MAX_CUSTOM_SCOPES = 30;

/** What the start needs. */
export interface OAuthStartDeps {
  db: Db;
  clock: Clock;
  upstream: UpstreamClient;
  lookups: LookupThrottle;
  /** The project's upstream configurations (the development issuer's for the dev project in development). */
  configs: OAuthConfigSource;
  /** The provider's own origin (LATCHKEY_PUBLIC_URL): the upstream sends the browser back there. */
  publicUrl: string;
  /** Expired states and tokens are deleted at most this often (default a minute). */
  sweepIntervalMs?: number;
}

/** Where to send the browser, and the state its cookie must carry. */
export interface OAuthStart {
  authorizationUrl: string;
  state: string;
}

/** custom_scopes: space-separated scope tokens. */
function customScopesOf(value: string | undefined): string[] {
  const scopes = (value ?? '').split(/[ \t]+/).filter(Boolean);
  if (scopes.length > MAX_CUSTOM_SCOPES || scopes.some((scope) => !SCOPE_TOKEN.test(scope))) {
    throw new ApiError('invalid_request', {
      message: `custom_scopes must be at most ${MAX_CUSTOM_SCOPES} space-separated scope tokens (RFC 6749 §3.3).`,
    });
  }
  return scopes;
}

/** Each `provider_{k}=v` given once, as `{k: v}` (reserved names are dropped by the upstream client). */
function providerParamsOf(query: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    const key = PROVIDER_PARAM.exec(name)?.[1];
    if (key === undefined) continue;
    if (typeof value !== 'string' || value.length > 1024) {
      throw new ApiError('invalid_request', {
        message: `${name} must be given once, at most 1024 characters.`,
      });
    }
    params[key] = value;
  }
  if (Object.keys(params).length > MAX_PROVIDER_PARAMS) {
    throw new ApiError('invalid_request', {
      message: `At most ${MAX_PROVIDER_PARAMS} provider_ parameters.`,
    });
  }
  return params;
}

/** Creates the start service. */
export function createOAuthStartService(deps: OAuthStartDeps) {
  // SECURITY K4: both tables hold about ten minutes' worth of sign-ins.
  const sweep = createExpirySweep(async (now) => {
    await deleteExpiredRows(deps.db, 'oauth_states', now);
    await deleteExpiredRows(deps.db, 'oauth_tokens', now);
  }, deps.sweepIntervalMs);

  return {
    /**
     * Checks the request in the order docs/contracts.md lists the refusals (provider name,
     * configuration, redirect URLs, PKCE, then the rate limit, so a refused request uses no
     * budget), then stores the state and builds the authorization URL. Nothing is stored on a refusal.
     */
    async start(
      project: Project,
      providerName: string,
      query: StartInput & Record<string, unknown>,
      clientIp: string,
    ): Promise<OAuthStart> {
      const provider = requireProviderType(providerName);
      const config = await deps.configs.load(project, provider);
      if (!config) throw new ApiError('oauth_config_not_found');
      // SECURITY C1/C2: exact match against the allow-list, resolved before anything is stored.
      const redirects = resolveRedirects(project, {
        login_magic_link_url: query.login_redirect_url,
        signup_magic_link_url: query.signup_redirect_url,
      });
      if (project.pkceRequiredForOauth && query.code_challenge === undefined) {
        throw new ApiError('pkce_mismatch', {
          message: 'This project requires PKCE for OAuth: start the flow with a code_challenge.',
        });
      }
      const customScopes = customScopesOf(query.custom_scopes);
      const providerParams = providerParamsOf(query);
      await deps.lookups.check(project, 'oauth_start', clientIp);

      const state = deps.upstream.randomValue();
      const nonce = config.kind === 'oidc' ? deps.upstream.randomValue() : undefined;
      const codeVerifier = deps.upstream.randomValue();
      const authorizationUrl = await deps.upstream.authorizationUrl(config, {
        redirectUri: callbackUrl(deps.publicUrl, provider),
        state,
        ...(nonce === undefined ? {} : { nonce }),
        codeChallenge: s256Challenge(codeVerifier),
        customScopes,
        providerParams,
      });
      const now = deps.clock.now();
      await sweep(now);
      await insertOAuthState(deps.db, {
        state_hash: hashToken(state),
        project_id: project.id,
        provider_type: provider,
        nonce: nonce ?? null,
        code_verifier: codeVerifier,
        code_challenge: query.code_challenge ?? null,
        login_redirect_url: redirects.login,
        signup_redirect_url: redirects.signup,
        custom_scopes: toJson(customScopes),
        created_at: now,
        expires_at: new Date(now.getTime() + OAUTH_STATE_LIFETIME_MS),
        used_at: null,
      });
      return { authorizationUrl, state };
    },
  };
}

/** The start service. */
export type OAuthStartService = ReturnType<typeof createOAuthStartService>;

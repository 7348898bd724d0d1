/**
 * @module oauth-one-tap.service — Google One Tap (docs/contracts.md "One Tap"): a callback id
 * that becomes the nonce of Google's ID token, and the sign-in with that token.
 */

import type { Clock } from '../../clock.js';
import { hashToken, mintToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { sweptClock } from '../../db/single-use-rows.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { Random } from '../../random.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import { requireParentOrigin } from '../clientside-services/parent-origin.js';
import { resolveRedirects } from '../magic-links/redirect-urls.js';
import { completeOAuthSignIn } from '../oauth/complete-oauth-sign-in.js';
import { loadUpstreamConfig } from '../oauth/oauth-config-store.js';
import type { UpstreamClient } from '../oauth/upstream/upstream-client.js';
import type { UpstreamConfig } from '../oauth/upstream/upstream-config.js';
import type { Project } from '../projects/project.js';
import { insertOneTapCallback, oneTapCallbacks } from './oauth-one-tap.repository.js';
import { ONE_TAP_CALLBACK_LIFETIME_MS } from './one-tap-policy.js';

/** SECURITY §2: 32 random bytes. */
const CALLBACK_ID_BYTES = 32;

/** What One Tap needs. */
export interface OneTapDeps {
  db: Db;
  clock: Clock;
  random: Random;
  upstream: UpstreamClient;
  lookups: LookupThrottle;
  keyEncryptionSecret: string | undefined;
  /** Where a One Tap sign-up is announced. */
  events?: DomainEventBus;
  /** Expired callback ids are deleted at most this often (default a minute). */
  sweepIntervalMs?: number;
}

/** A start: the Google client id the page initialises One Tap with, and the nonce to give it. */
export interface OneTapStarted {
  google_client_id: string;
  oauth_callback_id: string;
}

/** What the frame submits besides the project. */
export interface OneTapSubmission {
  parent_origin: string;
  credential: string;
  oauth_callback_id: string;
  login_redirect_url?: string | undefined;
  signup_redirect_url?: string | undefined;
}

/** Creates the One Tap service. */
export function createOneTapService(deps: OneTapDeps) {
  // SECURITY K4: the table holds about ten minutes' worth of starts.
  const sweptNow = sweptClock(deps, 'oauth_one_tap_callbacks');

  async function googleConfig(project: Project): Promise<UpstreamConfig> {
    const config = await loadUpstreamConfig(deps.db, deps.keyEncryptionSecret, project.id, 'google');
    if (!config) throw new ApiError('oauth_config_not_found');
    return config;
  }

  return {
    /**
     * Refusals first (origin 403, no Google 404, then the rate limit, so a refused request uses
     * no budget), then a new callback id, stored hashed and bound to the page's origin.
     */
    async start(project: Project, parentOrigin: string, clientIp: string): Promise<OneTapStarted> {
      requireParentOrigin(project, parentOrigin);
      const config = await googleConfig(project);
      // Each start stores a row for ten minutes: it shares the redirect flow's start budget.
      await deps.lookups.check(project, 'oauth_start', clientIp);
      const now = await sweptNow();
      const { token, hash } = mintToken(deps.random, CALLBACK_ID_BYTES);
      await insertOneTapCallback(deps.db, {
        callback_hash: hash,
        project_id: project.id,
        parent_origin: parentOrigin,
        created_at: now,
        expires_at: new Date(now.getTime() + ONE_TAP_CALLBACK_LIFETIME_MS),
        used_at: null,
      });
      return { google_client_id: config.clientId, oauth_callback_id: token };
    },

    /**
     * The request's own refusals (origin 403, redirect URLs 400) come first and leave the
     * callback id usable; from then on it is used up whatever the outcome (SECURITY C5: one
     * credential, one try). The ID token must be Google's, for this project's client id, fresh,
     * and carry the callback id as its nonce; then the identity signs in as in the redirect flow.
     */
    async submit(project: Project, input: OneTapSubmission): Promise<{ redirect_url: string }> {
      requireParentOrigin(project, input.parent_origin);
      // SECURITY C1/C2: exact match against the allow-list.
      const redirects = resolveRedirects(project, {
        login_magic_link_url: input.login_redirect_url,
        signup_magic_link_url: input.signup_redirect_url,
      });
      const callback = await oneTapCallbacks.consume(
        deps.db,
        { project_id: project.id, callback_hash: hashToken(input.oauth_callback_id) },
        deps.clock.now(),
      );
      // A callback id started for another page is as good as unknown here.
      if (!callback || callback.parent_origin !== input.parent_origin) {
        throw new ApiError('oauth_state_mismatch', {
          message: 'This One Tap sign-in is unknown, already used or expired. Start it again.',
        });
      }
      const config = await googleConfig(project);
      const identity = await deps.upstream.identityFromIdToken(config, input.credential, {
        nonce: input.oauth_callback_id,
      });
      const completed = await completeOAuthSignIn(
        deps.db,
        { clock: deps.clock, random: deps.random, keyEncryptionSecret: deps.keyEncryptionSecret },
        {
          project,
          identity,
          // One Tap hands over an ID token only: no access or refresh token, no scopes granted.
          providerValues: { id_token: input.credential, scopes: [] },
          codeChallenge: null,
          redirects,
        },
      );
      return { redirect_url: completed.redirectUrl };
    },
  };
}

/** The One Tap service. */
export type OneTapService = ReturnType<typeof createOneTapService>;

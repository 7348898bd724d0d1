/**
 * @module methods/oauth-one-tap — `client.oauth.googleOneTap`: its options, results and argument
 * checks. The prompt itself (frame, Google's script, credential) is internal/google-one-tap-prompt.ts
 * (spec §7, docs/contracts.md "One Tap").
 */

import type { ClientContext } from '../internal/context.js';
import { promptGoogleOneTap } from '../internal/google-one-tap-prompt.js';
import {
  assertOptionalBoolean,
  assertOptionalHttpUrl,
  assertOptionalObject,
  assertOptionalString,
} from '../internal/validate.js';

/** Options of `oauth.googleOneTap.start`, named as the hosted SDK names them (snake_case). */
export interface GoogleOneTapStartOptions {
  /** Where an existing user lands; the project's default when absent. */
  login_redirect_url?: string;
  /** Where a new user lands; the project's default when absent. */
  signup_redirect_url?: string;
  /** The id of the element Google renders the prompt into; Google's corner when absent. */
  prompt_parent_id?: string;
  /** Whether a click outside the prompt closes it (Google's default: true). */
  cancel_on_tap_outside?: boolean;
}

/** Why One Tap did not sign anyone in (spec §3, One Tap result). */
export type GoogleOneTapFailureReason = 'user_cancel' | 'oauth_config_not_found' | 'unknown_reason';

/** The outcome of `start`: success once the page is on its way to the redirect URL. */
export type GoogleOneTapStartResult =
  | { success: true }
  | {
      success: false;
      reason: GoogleOneTapFailureReason;
      /** What failed, when something did fail (not for a person closing the prompt). */
      error?: unknown;
    };

/** `client.oauth.googleOneTap`. */
export interface GoogleOneTapMethods {
  /**
   * Shows Google's One Tap prompt. Resolves when the prompt ends: `{ success: true }` after a
   * chosen account's credential was accepted and the page was sent to the redirect URL, else
   * `{ success: false, reason }`. It rejects only for bad arguments.
   */
  start(options?: GoogleOneTapStartOptions): Promise<GoogleOneTapStartResult>;
}

function checkOptions(options: GoogleOneTapStartOptions | undefined): void {
  assertOptionalObject('options', options);
  assertOptionalHttpUrl('login_redirect_url', options?.login_redirect_url);
  assertOptionalHttpUrl('signup_redirect_url', options?.signup_redirect_url);
  assertOptionalString('prompt_parent_id', options?.prompt_parent_id);
  assertOptionalBoolean('cancel_on_tap_outside', options?.cancel_on_tap_outside);
}

/** Builds `client.oauth.googleOneTap`. */
export function createGoogleOneTap(ctx: ClientContext): GoogleOneTapMethods {
  return {
    async start(options = {}) {
      checkOptions(options);
      // One Tap tokens carry no PKCE challenge: a stale pair must not be sent with this one's token.
      ctx.pkce.clear('oauth');
      // Bundled, the prompt never rejects; the widget's script-tag build loads it from a file on
      // first use, and a file that cannot load is one more reason One Tap did not show.
      return promptGoogleOneTap(ctx, options).catch(
        (error: unknown): GoogleOneTapStartResult => ({ success: false, reason: 'unknown_reason', error }),
      );
    },
  };
}

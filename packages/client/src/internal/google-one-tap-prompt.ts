/**
 * @module internal/google-one-tap-prompt — the work behind `oauth.googleOneTap.start`: the nonce
 * from the provider's client-side services frame, Google's prompt, and the credential handed back
 * to the frame, which answers with the redirect to follow (spec §7, docs/contracts.md "One Tap").
 * Kept apart from the method module so the widget's script-tag build can load it only on pages
 * that use One Tap (packages/react/scripts/build-standalone.mjs).
 */

import type { LatchkeyError } from '../errors.js';
import type {
  GoogleOneTapFailureReason,
  GoogleOneTapStartOptions,
  GoogleOneTapStartResult,
} from '../methods/oauth-one-tap.js';
import { ClientsideFrame } from './clientside-frame.js';
import type { ClientContext } from './context.js';
import {
  type GoogleAccountsId,
  type GooglePromptNotification,
  loadGoogleSignInScript,
} from './google-sign-in-script.js';

/** The frame's answer to `oneTapStart`. */
interface OneTapStartReply {
  googleClientId: string;
  oauthCallbackId: string;
}

// Google's moment reasons that mean the person closed or had closed the prompt; cancel_called is
// what an explicit close reports. Every other reason is not given a guessed meaning.
const USER_CANCEL_REASONS = new Set(['suppressed_by_user', 'user_cancel', 'tap_outside', 'cancel_called']);

/**
 * The failure a prompt moment means, or null while the prompt goes on (displayed, or dismissed
 * because a credential was returned: the callback reports that one).
 */
export function oneTapMomentFailure(
  notification: GooglePromptNotification,
): GoogleOneTapFailureReason | null {
  let reason: string | undefined;
  if (notification.isNotDisplayed?.()) reason = notification.getNotDisplayedReason?.();
  else if (notification.isSkippedMoment?.()) reason = notification.getSkippedReason?.();
  else if (notification.isDismissedMoment?.()) {
    reason = notification.getDismissedReason?.();
    if (reason === 'credential_returned') return null;
  } else return null;
  return reason !== undefined && USER_CANCEL_REASONS.has(reason) ? 'user_cancel' : 'unknown_reason';
}

function failure(reason: GoogleOneTapFailureReason, error?: unknown): GoogleOneTapStartResult {
  return error === undefined ? { success: false, reason } : { success: false, reason, error };
}

// One frame per client, opened on first use and removed when the client is destroyed.
const frames = new WeakMap<ClientContext, ClientsideFrame>();

function frameOf(ctx: ClientContext): ClientsideFrame {
  let frame = frames.get(ctx);
  if (!frame) {
    frame = new ClientsideFrame({
      url: ctx.options.clientsideServicesIframeURL,
      publicToken: ctx.options.publicToken,
      clock: ctx.options.clock,
      window: typeof window === 'undefined' ? undefined : window,
      signal: ctx.lifetime,
    });
    frames.set(ctx, frame);
  }
  return frame;
}

async function submit(
  ctx: ClientContext,
  credential: string,
  oauthCallbackId: string,
  options: GoogleOneTapStartOptions,
): Promise<GoogleOneTapStartResult> {
  try {
    const params: Record<string, unknown> = {
      publicToken: ctx.options.publicToken,
      credential,
      oauthCallbackId,
    };
    if (options.login_redirect_url) params.loginRedirectURL = options.login_redirect_url;
    if (options.signup_redirect_url) params.signupRedirectURL = options.signup_redirect_url;
    const { redirect_url } = await frameOf(ctx).call<{ redirect_url: string }>('oneTapSubmit', params);
    ctx.options.navigate(redirect_url);
    return { success: true };
  } catch (error) {
    return failure('unknown_reason', error);
  }
}

function prompt(
  ctx: ClientContext,
  google: GoogleAccountsId,
  started: OneTapStartReply,
  options: GoogleOneTapStartOptions,
): Promise<GoogleOneTapStartResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: GoogleOneTapStartResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    google.initialize({
      client_id: started.googleClientId,
      // The callback id is the nonce: the provider accepts only an ID token that carries it.
      nonce: started.oauthCallbackId,
      callback: (response) => {
        if (typeof response?.credential !== 'string') {
          settle(failure('unknown_reason', new Error('Google returned no credential')));
          return;
        }
        void submit(ctx, response.credential, started.oauthCallbackId, options).then(settle);
      },
      ...(options.prompt_parent_id === undefined ? {} : { prompt_parent_id: options.prompt_parent_id }),
      ...(options.cancel_on_tap_outside === undefined
        ? {}
        : { cancel_on_tap_outside: options.cancel_on_tap_outside }),
      // Chrome shows One Tap through FedCM; Google requires opting in.
      use_fedcm_for_prompt: true,
    });
    google.prompt((notification) => {
      const reason = oneTapMomentFailure(notification);
      if (reason !== null) settle(failure(reason));
    });
  });
}

/**
 * Runs one One Tap prompt with options already checked. Never rejects: every failure resolves
 * `{ success: false, reason, error? }`.
 */
export async function promptGoogleOneTap(
  ctx: ClientContext,
  options: GoogleOneTapStartOptions,
): Promise<GoogleOneTapStartResult> {
  let started: OneTapStartReply;
  try {
    started = await frameOf(ctx).call<OneTapStartReply>('oneTapStart', {
      publicToken: ctx.options.publicToken,
    });
  } catch (error) {
    const code = (error as LatchkeyError | undefined)?.code;
    return failure(code === 'oauth_config_not_found' ? 'oauth_config_not_found' : 'unknown_reason', error);
  }
  let google: GoogleAccountsId;
  try {
    google = await loadGoogleSignInScript(ctx.options.googleSignInScriptURL);
  } catch (error) {
    return failure('unknown_reason', error);
  }
  return prompt(ctx, google, started, options);
}

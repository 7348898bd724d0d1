/** @module oauth/one-tap/use-google-one-tap — starts Google One Tap once per mount and reports its result (spec §3, §8). */
import { useEffect, useRef, useState } from 'react';
import { ONE_TAP_PLACEHOLDER_ID } from '../../components/one-tap-placeholder.js';
import type { WidgetConfig } from '../../config.js';
import { emit } from '../../machine/effect-context.js';
import { useWidget } from '../../widget/widget-context.js';
import type { WidgetGoogleOneTapResult, WidgetGoogleOneTapStartOptions } from '../../widget-client.js';
import { ONE_TAP_RESULT_EVENT, reportOneTapFailure } from './one-tap-result.js';

/**
 * The start options from the widget config: the oauth redirect URLs, and the placeholder as
 * Google's prompt parent when it is in the document (else Google uses its own corner).
 */
export function oneTapOptionsOf(config: WidgetConfig, document: Document): WidgetGoogleOneTapStartOptions {
  const options: WidgetGoogleOneTapStartOptions = {};
  const oauth = config.oauthOptions;
  if (oauth?.loginRedirectURL !== undefined) options.login_redirect_url = oauth.loginRedirectURL;
  if (oauth?.signupRedirectURL !== undefined) options.signup_redirect_url = oauth.signupRedirectURL;
  if (document.getElementById(ONE_TAP_PLACEHOLDER_ID)) options.prompt_parent_id = ONE_TAP_PLACEHOLDER_ID;
  return options;
}

/**
 * Runs `client.oauth.googleOneTap.start` once per mount of the widget, once `enabled` (a re-render
 * or React's development re-run of effects never starts a second prompt). A failure is logged as
 * 'One Tap could not load: {reason}' and reported to the host as `ONE_TAP_RESULT`
 * `{ success: false, reason }`; a success (the page is on its way to the redirect) as
 * `{ success: true }`. Returns true once the start has failed, so its area can go.
 */
export function useGoogleOneTap(enabled: boolean): boolean {
  const { effectContext, t } = useWidget();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    const ctx = effectContext();
    let start: Promise<WidgetGoogleOneTapResult>;
    try {
      start = ctx.client.oauth.googleOneTap.start(oneTapOptionsOf(ctx.config, document));
    } catch (error) {
      start = Promise.reject(error);
    }
    start
      // A start that throws (bad options in the config) did not load either.
      .catch(
        (error: unknown): WidgetGoogleOneTapResult => ({ success: false, reason: 'unknown_reason', error }),
      )
      .then((result) => {
        if (result.success) {
          emit(effectContext(), ONE_TAP_RESULT_EVENT, { success: true });
          return;
        }
        setFailed(true);
        reportOneTapFailure(effectContext(), t, result.reason, result.error);
      });
  }, [enabled, effectContext, t]);

  return failed;
}

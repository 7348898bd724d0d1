/** @module machine/oauth-effects — 'Continue with {provider}': the redirect to the provider's sign-in. */
import type { OAuthProviderType } from '@latchkey/client';
import type { WidgetConfig } from '../config.js';
import type { WidgetOAuthStartOptions } from '../widget-client.js';
import { type EffectContext, report } from './effect-context.js';
import type { Event, EventOf } from './event.js';

/** `oauthOptions` and the provider's own entry, as the client's start options (unset ones undefined). */
export function oauthStartOptionsOf(config: WidgetConfig, type: OAuthProviderType): WidgetOAuthStartOptions {
  const o = config.oauthOptions;
  const provider = o?.providers.find((p) => p.type === type);
  return {
    login_redirect_url: o?.loginRedirectURL,
    signup_redirect_url: o?.signupRedirectURL,
    custom_scopes: provider?.custom_scopes,
    provider_params: provider?.provider_params,
  };
}

/**
 * OAUTH_START_REQUESTED. On success there is nothing to report: the page is on its way to the
 * provider, and the machine stays busy until it has left. A start that throws (the client's
 * argument checks, a missing crypto.subtle for PKCE) ends with OAUTH_START_FAILED.
 */
export async function startOAuth(
  event: EventOf<'OAUTH_START_REQUESTED'>,
  ctx: EffectContext,
): Promise<Event | undefined> {
  try {
    await ctx.client.oauth[event.provider].start(oauthStartOptionsOf(ctx.config, event.provider));
    return undefined;
  } catch (error) {
    return { type: 'OAUTH_START_FAILED', error: { ...report(ctx, error), field: 'oauth' } };
  }
}

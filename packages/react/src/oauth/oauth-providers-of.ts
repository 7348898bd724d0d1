/** @module oauth/oauth-providers-of — which OAuth buttons Main shows, from the widget config. */
import type { OAuthProviderType } from '@latchkey/client';
import { isOAuthProviderType } from '@latchkey/wire/oauth-providers';
import { productsOf, type WidgetConfig } from '../config.js';
import type { WidgetBootstrap } from '../widget-client.js';

/**
 * The providers to show a button for: `oauthOptions.providers` in order when `products` has
 * `oauth`, each type once, and only those the project configured (`bootstrap.oauthProviders`:
 * none while that is not known, all when the provider does not say). `unknown` lists the types
 * the wire does not know, which get none.
 */
export function oauthProvidersOf(
  config: WidgetConfig,
  bootstrap: WidgetBootstrap,
): { known: OAuthProviderType[]; unknown: string[] } {
  const types = productsOf(config).includes('oauth')
    ? (config.oauthOptions?.providers ?? []).map((p) => p.type)
    : [];
  const listed = bootstrap.oauthProviders;
  const configured = (type: OAuthProviderType): boolean =>
    listed === null || (listed?.some((provider) => provider.providerType === type) ?? false);
  return {
    known: [...new Set(types.filter(isOAuthProviderType))].filter(configured),
    unknown: types.filter((type) => !isOAuthProviderType(type)),
  };
}

/** Whether Google One Tap may start: asked for, and (when the provider says) possible for this project. */
export function oneTapAllowed(bootstrap: WidgetBootstrap): boolean | undefined {
  const listed = bootstrap.oauthProviders;
  if (listed === undefined) return undefined;
  return listed === null || listed.some((provider) => provider.providerType === 'google' && provider.oneTap);
}

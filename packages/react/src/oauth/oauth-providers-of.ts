/** @module oauth/oauth-providers-of — which OAuth buttons Main shows, from the widget config. */
import type { OAuthProviderType } from '@latchkey/client';
import { productsOf, type WidgetConfig } from '../config.js';
import { isOAuthProviderType } from './provider-names.js';

/**
 * The providers to show a button for: `oauthOptions.providers` in order when `products` has
 * `oauth`, each type once. `unknown` lists the types the wire does not know, which get none.
 */
export function oauthProvidersOf(config: WidgetConfig): { known: OAuthProviderType[]; unknown: string[] } {
  const types = productsOf(config).includes('oauth')
    ? (config.oauthOptions?.providers ?? []).map((p) => p.type)
    : [];
  return {
    known: [...new Set(types.filter(isOAuthProviderType))],
    unknown: types.filter((type) => !isOAuthProviderType(type)),
  };
}

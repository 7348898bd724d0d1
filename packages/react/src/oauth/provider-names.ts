/** @module oauth/provider-names — how each OAuth provider of the wire is named on its button. */
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '@latchkey/client';

// Brand names are not translated, so they stay out of the strings table. Most are the type with a
// capital first letter; these are spelled otherwise.
const SPELLINGS: Partial<Record<OAuthProviderType, string>> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X',
};

/** The provider's name as its brand writes it, e.g. `GitHub` for `github`. */
export function oauthProviderName(type: OAuthProviderType): string {
  return SPELLINGS[type] ?? type[0]!.toUpperCase() + type.slice(1);
}

/** True when `type` is a provider the client can start. */
export function isOAuthProviderType(type: unknown): type is OAuthProviderType {
  return (OAUTH_PROVIDER_TYPES as readonly unknown[]).includes(type);
}

/**
 * @module oauth-providers — the OAuth provider names of the wire. A leaf with no imports, so the
 * client, the widget's script-tag build and the provider all take the one list without a cycle.
 */

/** Every `{provider}` of `/v1/public/oauth/{provider}/start` (wire/endpoints.md), in the wire's order. */
export const OAUTH_PROVIDER_TYPES = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;

/** One of the wire's provider names. */
export type OAuthProviderType = (typeof OAUTH_PROVIDER_TYPES)[number];

// Brand names are not translated. Most are the wire name with a capital first letter; these are
// spelled otherwise.
const SPELLINGS: Partial<Record<OAuthProviderType, string>> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X',
};

/**
 * A provider's name as its brand writes it (`GitHub` for `github`), as the widget's buttons and
 * the console show it; a name the wire does not know, with a capital first letter.
 */
export function oauthProviderName(type: string): string {
  return SPELLINGS[type as OAuthProviderType] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** Narrows a path segment or CLI flag to a provider name. */
export function isOAuthProviderType(name: string): name is OAuthProviderType {
  return (OAUTH_PROVIDER_TYPES as readonly string[]).includes(name);
}

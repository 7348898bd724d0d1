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

/** Narrows a path segment or CLI flag to a provider name. */
export function isOAuthProviderType(name: string): name is OAuthProviderType {
  return (OAUTH_PROVIDER_TYPES as readonly string[]).includes(name);
}

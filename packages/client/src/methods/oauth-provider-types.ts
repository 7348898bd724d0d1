/**
 * @module methods/oauth-provider-types — the wire's OAuth provider names, apart from the methods so
 * that the script-tag widget can list providers without loading `client.oauth`'s code.
 */

/** Every provider the start route knows, in the wire's order (`endpoints.md`, OAuth start). */
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

/** A provider name of the wire. */
export type OAuthProviderType = (typeof OAUTH_PROVIDER_TYPES)[number];

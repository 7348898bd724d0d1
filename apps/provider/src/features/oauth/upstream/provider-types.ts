/** @module provider-types — the upstream provider names the wire knows, and how people call them. */

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

const DISPLAY_NAMES: Record<OAuthProviderType, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};

/** The brand's own spelling, for messages such as "GitHub cannot sign in to it". */
export function providerDisplayName(type: OAuthProviderType): string {
  return DISPLAY_NAMES[type];
}

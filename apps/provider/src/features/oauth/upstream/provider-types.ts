/** @module provider-types — the upstream provider names the wire knows, and how people call them. */

import type { OAuthProviderType } from '@latchkey/wire/oauth-providers';

export {
  isOAuthProviderType,
  OAUTH_PROVIDER_TYPES,
  type OAuthProviderType,
} from '@latchkey/wire/oauth-providers';

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

/**
 * @module provider-names — how the console names an OAuth provider: as its brand writes it
 * (`GitHub` for the wire's `github`), the way the sign-in widget's buttons name it, never the
 * lowercase wire name an operator would not write.
 */

// Brand names are not translated. Most are the wire name with a capital first letter; these are
// spelled otherwise (the same spellings as the widget's oauth/provider-names.ts).
const SPELLINGS: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X',
};

/** The provider's display name, e.g. `GitHub` for `github`; a name the wire does not know, capitalised. */
export function providerName(type: string): string {
  return SPELLINGS[type] ?? (type ? type[0]!.toUpperCase() + type.slice(1) : type);
}

/** @module magic-link-url — the link in the email: the redirect URL plus the token query parameters. */

/**
 * docs/contracts.md: `{redirect_url}?stytch_token_type=magic_links&token={token}` (`&` when the
 * redirect already has a query). A fragment stays at the end, where browsers expect it.
 */
export function buildMagicLinkUrl(redirectUrl: string, token: string): string {
  const hashAt = redirectUrl.indexOf('#');
  const base = hashAt === -1 ? redirectUrl : redirectUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : redirectUrl.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}stytch_token_type=magic_links&token=${encodeURIComponent(token)}${fragment}`;
}

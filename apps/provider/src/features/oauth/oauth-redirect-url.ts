/** @module oauth-redirect-url — where a finished OAuth flow sends the browser: the app's redirect URL plus the outcome. */

/** A successful flow carries the sign-in token; a failed one the error's type and message. */
export type OAuthOutcome = { token: string } | { error: string; description: string };

/**
 * docs/contracts.md "Redirect flow": `{redirect_url}?stytch_token_type=oauth&token={token}`, or
 * `…&error={error_type}&error_description={message}` (`&` when the redirect already has a
 * query). A fragment stays at the end, where browsers expect it.
 */
export function buildOAuthRedirectUrl(redirectUrl: string, outcome: OAuthOutcome): string {
  const hashAt = redirectUrl.indexOf('#');
  const base = hashAt === -1 ? redirectUrl : redirectUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : redirectUrl.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  const params = new URLSearchParams({ stytch_token_type: 'oauth' });
  if ('token' in outcome) params.set('token', outcome.token);
  else {
    params.set('error', outcome.error);
    params.set('error_description', outcome.description);
  }
  return `${base}${separator}${params.toString()}${fragment}`;
}

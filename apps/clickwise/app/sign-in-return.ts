/** @module sign-in-return — what a sign-in brought back to {basepath}/user/authenticate. */

/** The token types the page redeems: magic links (email) and OAuth (Google). */
export type SignInTokenType = 'magic_links' | 'oauth';

/** A token to redeem, a sign-in the provider reports as failed, or a URL that is neither. */
export type SignInReturn =
  | { kind: 'token'; type: SignInTokenType; token: string }
  | { kind: 'failed'; message: string }
  | { kind: 'incomplete' };

/**
 * The `error` values Latchkey sends back from a failed OAuth flow (docs/provider-api.md
 * "callback"). Only for these is `error_description` shown: the query string is anyone's to
 * write, so an unknown error gets our own words rather than text from a crafted link.
 */
const PROVIDER_ERRORS = new Set([
  'oauth_user_cancelled',
  'oauth_token_invalid',
  'oauth_state_mismatch',
  'oauth_account_conflict',
  'oauth_config_not_found',
  'service_unavailable',
  'invalid_request',
]);

const GENERIC_FAILURE = 'Signing in did not work. Please try again.';
/** Longer than any of the provider's messages; keeps the modal's message area a few lines. */
const MAX_MESSAGE_LENGTH = 300;

/** Reads the return's query string. A missing `stytch_token_type` is a magic link (older links). */
export function parseSignInReturn(params: URLSearchParams): SignInReturn {
  const type = params.get('stytch_token_type') ?? 'magic_links';
  if (type !== 'magic_links' && type !== 'oauth') return { kind: 'incomplete' };
  const error = params.get('error');
  if (error !== null) {
    const description = (params.get('error_description') ?? '').trim();
    const known = PROVIDER_ERRORS.has(error) && description !== '';
    return {
      kind: 'failed',
      message: known ? description.slice(0, MAX_MESSAGE_LENGTH) : GENERIC_FAILURE,
    };
  }
  const token = params.get('token');
  return token ? { kind: 'token', type, token } : { kind: 'incomplete' };
}

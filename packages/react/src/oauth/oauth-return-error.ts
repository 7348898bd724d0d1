/**
 * @module oauth/oauth-return-error — a provider sign-in that came back to the page with an error
 * (`?stytch_token_type=oauth&error={error_type}&error_description=…`, docs/contracts.md): the
 * widget starts on Main showing what happened, with the buttons to try again.
 */
import type { ErrorStringKey } from '../strings/error-string-key.js';
import type { ResolvedStrings } from '../strings/resolve-strings.js';

/** Error types are snake_case words; anything else in the parameter is not one of ours. */
const ERROR_TYPE = /^[a-z][a-z0-9_]{0,63}$/;

/** The `error` of an OAuth return in `search` (a `location.search`), or null when there is none. */
export function readOAuthReturnError(search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.get('stytch_token_type') !== 'oauth') return null;
  const error = params.get('error');
  if (error === null) return null;
  return ERROR_TYPE.test(error) ? error : 'oauth_failed';
}

/**
 * What to tell the person, from the widget's own strings: the query string is anyone's to write,
 * so `error_description` is never shown (it could carry a crafted message).
 */
export function oauthReturnText(code: string, strings: ResolvedStrings): string {
  if (code === 'service_unavailable') return strings['oauth.returnUnavailable'];
  const text = code.startsWith('oauth_') ? strings[`errors.${code}` as ErrorStringKey] : undefined;
  return text ?? strings['oauth.returnFailed'];
}

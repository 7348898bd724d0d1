/** @module internal/read-token-params — the `stytch_token_type` and `token` query parameters of a page URL. */

/** What a redirect link put in the page URL (`wire/ui-widget.md`, reset link opened). */
export interface TokenParams {
  tokenType: string | null;
  token: string | null;
}

/** Reads the token parameters from a `location.search` string. */
export function readTokenParams(search: string): TokenParams {
  const params = new URLSearchParams(search);
  return { tokenType: params.get('stytch_token_type'), token: params.get('token') };
}

/**
 * @module url-rules — the provider's rules for allowed origins and redirect URLs
 * (project-settings.ts), checked as the operator types so a mistake shows before saving.
 * The provider checks again; its answer wins.
 */
const PLAIN_URL_CHARS = /^[\x21-\x5b\x5d-\x7e]{1,2048}$/;

function httpUrl(value: string): URL | undefined {
  if (!PLAIN_URL_CHARS.test(value)) return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
      return undefined;
    return url;
  } catch {
    return undefined;
  }
}

/** Why `value` is not an origin, or undefined when it is one. */
export function originProblem(value: string): string | undefined {
  return httpUrl(value)?.origin === value
    ? undefined
    : 'Enter an origin: http(s)://host with an optional :port, and no path, query or trailing slash (e.g. https://app.example.com).';
}

/** Why `value` is not a redirect URL, or undefined when it is one. */
export function redirectUrlProblem(value: string): string | undefined {
  return httpUrl(value)
    ? undefined
    : 'Enter an absolute http:// or https:// URL without spaces (e.g. https://app.example.com/authenticate).';
}

/**
 * @module project-urls — what a project accepts as an allowed origin or redirect URL (SECURITY
 * C2): printable ASCII without space or backslash, absolute http(s), no userinfo; an origin is
 * exactly `scheme://host[:port]`. A leaf with no imports: the provider checks settings with it
 * and the console checks them as the operator types.
 */

/** The parts of a WHATWG URL read here (the wire builds without DOM or Node types). */
export interface ParsedProjectUrl {
  protocol: string;
  username: string;
  password: string;
  origin: string;
}

// The WHATWG URL class every runtime the wire runs in has (browsers, Node).
declare const URL: new (value: string) => ParsedProjectUrl;

// Printable ASCII without space or backslash, as project-policy.ts checks URLs.
const PLAIN_URL_CHARS = /^[\x21-\x5b\x5d-\x7e]{1,2048}$/;

/** `value` parsed when it is an absolute http(s) URL a project may list; undefined otherwise. */
export function projectHttpUrl(value: string): ParsedProjectUrl | undefined {
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

/** Whether `value` is exactly an origin (`scheme://host[:port]`, no path or trailing slash). */
export function isProjectOrigin(value: string): boolean {
  return projectHttpUrl(value)?.origin === value;
}

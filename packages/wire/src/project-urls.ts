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

/** The parts of a WHATWG URL a webhook address is checked on. */
interface ParsedWebhookUrl extends ParsedProjectUrl {
  hostname: string;
  hash: string;
}

const MAX_WEBHOOK_URL_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `value` cannot be a webhook endpoint's address, or undefined when it can: an absolute https
 * URL without credentials or fragment; plain http only to this machine and only in development (a
 * local receiver while building an integration), since the events carry personal data. The
 * provider checks endpoints with it, and the console as the operator types.
 */
export function webhookUrlProblem(value: string, mode: 'development' | 'production'): string | undefined {
  if (value.length > MAX_WEBHOOK_URL_LENGTH) return `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: ParsedWebhookUrl;
  try {
    url = new URL(value) as ParsedWebhookUrl;
  } catch {
    return 'must be an absolute URL such as https://example.com/webhooks';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.hash) return 'must not have a fragment (#…)';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    if (mode === 'development' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
    return mode === 'development'
      ? 'must use https (http only to localhost, 127.0.0.1 or [::1])'
      : 'must use https';
  }
  return 'must use https';
}

/** @module upstream-url — which URLs may name an upstream endpoint: https, or http on a loopback host only. */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `value` cannot be an upstream endpoint, or `null` when it can. Plain http would let anyone
 * on the path read codes and tokens (RFC 9700 §2.6), so it is kept to this machine, for tests.
 */
export function upstreamUrlProblem(value: string, label: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${label} is not an absolute URL: ${value}`;
  }
  if (url.username || url.password) return `${label} must not carry a user name or password.`;
  if (url.hash) return `${label} must not have a #fragment.`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.protocol === 'http:') {
    return `${label} must use https:// (http:// is accepted only on localhost, 127.0.0.1 and [::1]).`;
  }
  return `${label} must be an https:// URL.`;
}

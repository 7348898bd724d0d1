/** @module webhook-endpoint-url — which addresses a webhook may be sent to. */

const MAX_URL_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `value` cannot be an endpoint's address, or undefined when it can: an absolute https URL
 * without credentials or fragment; plain http only to this machine and only in development (a
 * local receiver while building an integration), since the events carry personal data.
 */
export function webhookUrlProblem(value: string, mode: 'development' | 'production'): string | undefined {
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
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

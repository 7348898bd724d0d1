/** @module origin-form — a request target reduced to path and query, so only CLICKWISE_PUBLIC_URL names the origin. */

/**
 * `target` (the request line's target, `req.url`) as an origin-form path and query. The server
 * resolves it against the public origin, and two forms would otherwise replace that origin with
 * one the client chose: the absolute form (`GET http://other.example/x`, RFC 9112 §3.2.2), and a
 * path starting with `//` (`//other.example/x` resolves as a network-path reference). The first is
 * read for its path and query; leading slashes are collapsed to one; anything else (`*`) is `/`.
 */
export function originForm(target: string): string {
  if (target.startsWith('/')) return target.replace(/^\/+/, '/');
  if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) return '/';
  const url = new URL(target);
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}

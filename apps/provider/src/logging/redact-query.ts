/** @module redact-query — a URL as a log line may show it: the path, and the query's names without their values. */

/**
 * `/callback?code=abc&state=xyz` → `/callback?code=[redacted]&state=[redacted]`. Every value
 * goes, not only known ones: query strings carry magic-link and OAuth tokens, OAuth codes and
 * states and public tokens, and a new parameter must not leak until someone adds it to a list.
 * A fragment never reaches the server; one that does is dropped.
 */
export function redactQuery(url: string): string {
  const path = url.split('#', 1)[0] as string;
  const at = path.indexOf('?');
  if (at === -1) return path;
  const names = path
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=', 1)[0] as string;
      return pair.includes('=') ? `${name}=[redacted]` : name;
    });
  return `${path.slice(0, at)}?${names.join('&')}`;
}

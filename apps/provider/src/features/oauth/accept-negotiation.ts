/** @module accept-negotiation — whether a browser-facing route answers an error as JSON or as a page. */

interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header.split(',').flatMap((part) => {
    const [type, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!type) return [];
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return Number.isFinite(q) ? [{ type, q }] : [];
  });
}

/** The weight `header` gives `mediaType` (the most specific matching range wins, RFC 9110 §12.5.1). */
function weightOf(ranges: MediaRange[], mediaType: string): number {
  const [major] = mediaType.split('/');
  const exact = ranges.find((range) => range.type === mediaType);
  if (exact) return exact.q;
  const partial = ranges.find((range) => range.type === `${major}/*`);
  if (partial) return partial.q;
  return ranges.find((range) => range.type === '*/*')?.q ?? 0;
}

/**
 * True when `Accept` prefers `application/json` to `text/html` (scripts and the SDK's tests ask
 * so); browsers, and requests without `Accept`, get the page.
 */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const json = weightOf(ranges, 'application/json');
  return json > 0 && json > weightOf(ranges, 'text/html');
}

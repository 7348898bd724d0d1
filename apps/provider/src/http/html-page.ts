/**
 * @module http/html-page — the document around a page the provider serves itself (the OAuth error
 * page, the development sign-in's consent page): UTF-8, a phone's viewport, and kept out of search
 * indexes, since such a page belongs to one sign-in and means nothing out of it.
 */

/** The page's parts, as HTML: escape whatever in them came from a request. */
export interface HtmlPageParts {
  title: string;
  /** The stylesheet (the page's CSP allows inline styles). */
  style: string;
  body: string;
}

/** The whole document for `parts`. */
export function renderHtmlPage({ title, style, body }: HtmlPageParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** @module clientside-services-page — the HTML of the client-side services frame and of its error page. */
import { escapeHtml } from '../../email/html-escape.js';

/**
 * The frame: no content, one same-origin script. The script's URL is relative, so a provider
 * served under a path prefix still finds it next to the page.
 */
export const CLIENTSIDE_SERVICES_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Latchkey client-side services</title>
<script src="clientside-services.js" defer></script>
</head>
<body></body>
</html>
`;

/** A small page naming the error, for a frame that cannot be served (it is never shown to users). */
export function renderFrameErrorPage(errorType: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Latchkey: ${escapeHtml(errorType)}</title></head>
<body><p>${escapeHtml(message)}</p><p><code>${escapeHtml(errorType)}</code></p></body>
</html>
`;
}

/** @module oauth-error-page — the small page a browser sees when an OAuth redirect cannot go on. */
import { escapeHtml } from '../../email/html-escape.js';
import type { ApiError } from '../../errors/api-error.js';

/** The page loads nothing and cannot be framed. */
export const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The message, the error_type and the request id, all escaped; no link back (the app is unknown here). */
export function renderOAuthErrorPage(error: ApiError, requestId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign-in could not continue</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 3rem 1rem; color: #1f2937; background: #f9fafb; }
main { max-width: 32rem; margin: 0 auto; background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 1.5rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
code { font-size: 0.875rem; }
.meta { color: #6b7280; font-size: 0.875rem; }
</style>
</head>
<body>
<main>
<h1>Sign-in could not continue</h1>
<p>${escapeHtml(error.message)}</p>
<p class="meta">Error: <code>${escapeHtml(error.code)}</code> · request <code>${escapeHtml(requestId)}</code></p>
</main>
</body>
</html>
`;
}

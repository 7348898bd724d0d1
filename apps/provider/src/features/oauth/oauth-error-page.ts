/** @module oauth-error-page — the small page a browser sees when an OAuth redirect cannot go on. */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../email/html-escape.js';
import type { ApiError } from '../../errors/api-error.js';
import { renderHtmlPage } from '../../http/html-page.js';

/**
 * The page only shows when no allow-listed URL of the app is known to send the person back to,
 * so its way back is the browser's history: the button appears when there is a page to return to.
 */
const BACK_SCRIPT =
  "var b=document.getElementById('back');if(history.length>1){b.hidden=false;b.addEventListener('click',function(){history.back()})}";
const BACK_SCRIPT_HASH = createHash('sha256').update(BACK_SCRIPT).digest('base64');

/** The page runs its one script only, loads nothing else and cannot be framed. */
export const ERROR_PAGE_CSP = `default-src 'none'; script-src 'sha256-${BACK_SCRIPT_HASH}'; style-src 'unsafe-inline'; frame-ancestors 'none'`;

const ERROR_PAGE_STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 3rem 1rem; color: #1f2937; background: #f9fafb; }
main { max-width: 32rem; margin: 0 auto; background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 1.5rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
code { font-size: 0.875rem; overflow-wrap: anywhere; }
.meta { color: #6b7280; font-size: 0.875rem; }
button { min-height: 2.75rem; padding: 0.5rem 1.25rem; font: inherit; font-weight: 600; color: #1f2937; background: #fff; border: 1px solid #6b7280; border-radius: 6px; cursor: pointer; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

/** The message, the error_type and the request id, all escaped, and a button back to the previous page. */
export function renderOAuthErrorPage(error: ApiError, requestId: string): string {
  return renderHtmlPage({
    title: 'Sign-in could not continue',
    style: ERROR_PAGE_STYLE,
    body: `<main>
<h1>Sign-in could not continue</h1>
<p>${escapeHtml(error.message)}</p>
<p class="meta">Error: <code>${escapeHtml(error.code)}</code> · request <code>${escapeHtml(requestId)}</code></p>
<p><button type="button" id="back" hidden>Go back</button></p>
</main>
<script>${BACK_SCRIPT}</script>`,
  });
}

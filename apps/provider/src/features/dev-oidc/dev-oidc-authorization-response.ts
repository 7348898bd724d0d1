/**
 * @module dev-oidc-authorization-response — the development issuer's answer to the client: a
 * redirect with the parameters in the query (RFC 6749 §4.1.2), or a page that posts them
 * (OAuth 2.0 Form Post Response Mode), always with `iss` (RFC 9207).
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../email/html-escape.js';
import type { DevResponseTarget } from './dev-oidc-authorization-request.js';

/** A redirect to follow, or a page to show. */
export type DevAuthorizationResponse = { location: string } | { html: string; csp: string };

const AUTO_SUBMIT = 'document.forms[0].submit();';
const AUTO_SUBMIT_HASH = createHash('sha256').update(AUTO_SUBMIT).digest('base64');

/** The form_post page runs its one script only; it cannot be framed. */
export const FORM_POST_CSP = `default-src 'none'; script-src 'sha256-${AUTO_SUBMIT_HASH}'; style-src 'unsafe-inline'; frame-ancestors 'none'`;

/**
 * The answer carrying `params` (code, or error and error_description) plus `state` as the client
 * sent it and this issuer's `iss`.
 */
export function authorizationResponse(
  target: DevResponseTarget,
  issuer: string,
  params: Record<string, string>,
): DevAuthorizationResponse {
  const all: Record<string, string> = { ...params, iss: issuer };
  if (target.state !== undefined) all.state = target.state;
  if (target.responseMode === 'query') {
    const url = new URL(target.redirectUri);
    for (const [name, value] of Object.entries(all)) url.searchParams.set(name, value);
    return { location: url.href };
  }
  const fields = Object.entries(all)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Returning to the app…</title></head>
<body>
<form method="post" action="${escapeHtml(target.redirectUri)}">
${fields}
<noscript><p>JavaScript is off: press Continue to return to the app.</p><button type="submit">Continue</button></noscript>
</form>
<script>${AUTO_SUBMIT}</script>
</body></html>
`;
  return { html, csp: FORM_POST_CSP };
}

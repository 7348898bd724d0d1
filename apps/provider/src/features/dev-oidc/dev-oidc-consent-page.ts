/**
 * @module dev-oidc-consent-page — the development issuer's sign-in page: a person types any name
 * and address. It says plainly that it is a development stand-in, so nobody takes it for the
 * real provider, and it works with a keyboard and a screen reader (labels, hints and errors tied
 * to their fields, an error summary that takes focus).
 */
import { escapeHtml } from '../../email/html-escape.js';
import { renderHtmlPage } from '../../http/html-page.js';
import type { DevPersonProblems } from './dev-oidc-person.js';

/** The page loads nothing and cannot be framed (no clickjacking of the Continue button). */
export const CONSENT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** What the page shows. */
export interface ConsentPageOptions {
  /** The provider the issuer stands in for, as its brand writes it ("Google"). */
  providerName: string;
  /** The pending request the form answers. */
  consent: string;
  /** Where the form posts. */
  action: string;
  values: { name: string; email: string; emailVerified: boolean };
  problems?: DevPersonProblems;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
.band{margin:0;padding:.5rem 1rem;background:#7c2d12;color:#fff;font-weight:600;text-align:center;letter-spacing:.01em}
main{max-width:28rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:8px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
.lead{margin:0 0 1.25rem;color:#374151}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
.hint{display:block;color:#4b5563;font-size:.875rem;margin-bottom:.375rem}
input[type=text],input[type=email]{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;border:1px solid #6b7280;border-radius:6px;background:#fff}
input[aria-invalid=true]{border:2px solid #b91c1c}
.error{margin:.375rem 0 0;color:#b91c1c;font-weight:600}
.check{display:flex;gap:.625rem;align-items:flex-start;margin:0 0 1.25rem}
.check input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}
.check label{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{min-height:2.75rem;padding:.5rem 1.25rem;font:inherit;font-weight:600;border-radius:6px;cursor:pointer}
.primary{background:#1d4ed8;color:#fff;border:1px solid #1d4ed8}
.secondary{background:#fff;color:#1f2937;border:1px solid #6b7280}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.summary{border:2px solid #b91c1c;border-radius:6px;padding:.75rem 1rem;margin:0 0 1.25rem}
.summary h2{font-size:1rem;margin:0 0 .25rem}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:#b91c1c;font-weight:600}
.note{margin:1.25rem 0 0;color:#4b5563;font-size:.875rem}
@media (max-width:30rem){main{margin:0;border:0;border-radius:0;padding:1.25rem 1rem}}
`;

function errorSummary(problems: DevPersonProblems): string {
  const items = (['name', 'email'] as const)
    .filter((field) => problems[field])
    .map((field) => `<li><a href="#${field}">${escapeHtml(problems[field] as string)}</a></li>`)
    .join('');
  return `<div class="summary" role="alert" tabindex="-1" autofocus aria-labelledby="summary-title">
<h2 id="summary-title">Check the form</h2>
<ul>${items}</ul>
</div>`;
}

/** A text field with its label, hint and (when there is one) its error. */
function field(options: {
  id: 'name' | 'email';
  label: string;
  hint: string;
  type: 'text' | 'email';
  autocomplete: string;
  value: string;
  problem: string | undefined;
  required: boolean;
  autofocus: boolean;
}): string {
  const { id, problem } = options;
  const describedBy = problem ? `${id}-hint ${id}-error` : `${id}-hint`;
  return `<div class="field">
<label for="${id}">${options.label}</label>
<span class="hint" id="${id}-hint">${options.hint}</span>
<input type="${options.type}" id="${id}" name="${id}" value="${escapeHtml(options.value)}" autocomplete="${options.autocomplete}" spellcheck="false" aria-describedby="${describedBy}"${options.required ? ' required aria-required="true"' : ''}${problem ? ' aria-invalid="true"' : ''}${options.autofocus ? ' autofocus' : ''}>
${problem ? `<p class="error" id="${id}-error">${escapeHtml(problem)}</p>` : ''}
</div>`;
}

/** The page; every value from the request is escaped. */
export function renderConsentPage(options: ConsentPageOptions): string {
  const provider = escapeHtml(options.providerName);
  const problems = options.problems ?? {};
  const hasProblems = Boolean(problems.name || problems.email);
  const { values } = options;
  return renderHtmlPage({
    title: `${hasProblems ? 'Error: ' : ''}Development sign-in for ${provider} · Latchkey`,
    style: STYLE,
    body: `<header><p class="band">Development only — this is not ${provider}</p></header>
<main>
<h1>Development sign-in for ${provider}</h1>
<p class="lead">Latchkey is running in development mode, so this page stands in for ${provider}. Type any name and email address: they become the account that signs in. Nothing is sent to ${provider}.</p>
${hasProblems ? errorSummary(problems) : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="consent" value="${escapeHtml(options.consent)}">
${field({ id: 'name', label: 'Name', hint: 'Optional, for example Ada Lovelace.', type: 'text', autocomplete: 'name', value: values.name, problem: problems.name, required: false, autofocus: !hasProblems })}
${field({ id: 'email', label: 'Email address', hint: 'Any address, for example ada@example.com.', type: 'email', autocomplete: 'email', value: values.email, problem: problems.email, required: true, autofocus: false })}
<div class="check">
<input type="checkbox" id="email_verified" name="email_verified" value="true"${values.emailVerified ? ' checked' : ''} aria-describedby="email_verified-hint">
<div><label for="email_verified">${provider} has verified this address</label>
<span class="hint" id="email_verified-hint">Clear it to test a sign-in whose address is not verified.</span></div>
</div>
<div class="actions">
<button type="submit" class="primary" name="decision" value="allow">Continue</button>
<button type="submit" class="secondary" name="decision" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
<p class="note">Cancel goes back to the app as if you had declined at ${provider}.</p>
</main>`,
  });
}

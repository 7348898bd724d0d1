/** @module outbox-page — the HTML page of the dev outbox: newest first, links clickable. */
import { escapeHtml } from '../../email/html-escape.js';
import type { OutboxMessageRow } from './outbox.table.js';

const LINK = /https?:\/\/\S+/g;

/** Text messages have no subject; their heading says what they are. */
const CHANNEL_TITLES: Record<OutboxMessageRow['channel'], string> = {
  email: '(no subject)',
  sms: 'SMS',
  whatsapp: 'WhatsApp message',
};

/**
 * The email as the recipient would see it. The sandbox (no scripts, no same-origin) keeps the
 * message's markup away from this page; links open in a new tab like a mail client's would.
 */
function renderHtmlPreview(message: OutboxMessageRow): string {
  const base = '<base target="_blank">';
  const html = message.html_body;
  const document = /<head>/i.test(html) ? html.replace(/<head>/i, `<head>${base}`) : base + html;
  return `<iframe class="preview" title="Email: ${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(document)}"></iframe>`;
}

function renderMessage(message: OutboxMessageRow): string {
  const links = [...new Set(message.text_body.match(LINK) ?? [])]
    .map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`)
    .join('');
  return `<article>
<h2>${escapeHtml(message.subject || CHANNEL_TITLES[message.channel])}</h2>
<p class="meta">To <strong>${escapeHtml(message.to_address)}</strong> · from ${escapeHtml(message.from_address)} · ${escapeHtml(message.channel)} · <time datetime="${message.created_at.toISOString()}">${message.created_at.toISOString()}</time></p>
${links ? `<ul class="links">${links}</ul>` : ''}
${message.html_body ? renderHtmlPreview(message) : ''}
<details><summary>Plain text</summary><pre>${escapeHtml(message.text_body)}</pre></details>
</article>`;
}

/** Renders the page; everything from the messages is escaped. */
export function renderOutboxPage(messages: OutboxMessageRow[]): string {
  const body = messages.length === 0 ? '<p>No messages yet.</p>' : messages.map(renderMessage).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="10">
<title>Dev outbox · Latchkey</title>
<style>
body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#18181b}
article{border:1px solid #e4e4e7;border-radius:8px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#52525b;font-size:.9rem;margin:0 0 .5rem}
.links a{word-break:break-all}pre{white-space:pre-wrap}
.preview{width:100%;height:30rem;border:1px solid #e4e4e7;border-radius:6px;background:#f4f4f5}
</style></head>
<body><h1>Dev outbox</h1>
<p>Messages the provider would have delivered, newest first. Development mode only. JSON: <a href="/dev/outbox/messages">/dev/outbox/messages</a></p>
${body}
</body></html>`;
}

/**
 * @module email-blocks — the pieces the emails' cards share inside emailLayout: the heading, the
 * call-to-action button and the small grey note at the end, each styled inline (mail apps drop
 * style sheets). Text arguments are escaped here; `href` arrives escaped.
 */
import { emailLayout } from './email-layout.js';
import { escapeHtml } from './html-escape.js';

/** The card's heading (usually the subject). */
export function emailHeading(text: string): string {
  return `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(text)}</h1>`;
}

/** A whole email: the frame, and a card with `subject` as its heading, then `body` (escaped HTML). */
export function emailCard(subject: string, body: string, lang?: string): string {
  return emailLayout(escapeHtml(subject), `${emailHeading(subject)}\n${body}`, lang);
}

/** The dark call-to-action button to `href` (already escaped HTML). */
export function emailButton(href: string, label: string): string {
  return `<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

/** The small grey note that ends the card (who to ignore it, what to do if it was not you). */
export function emailFootnote(text: string): string {
  return `<p style="margin:0;line-height:1.5;font-size:13px;color:#71717a">${escapeHtml(text)}</p>`;
}

/** The end of a card that carries a code or a link: when it expires, then the footnote. */
export function emailExpiryAndFootnote(expiry: string, footnote: string): string {
  return `<p style="margin:0 0 8px;line-height:1.5;font-size:14px">${escapeHtml(expiry)}</p>
${emailFootnote(footnote)}`;
}

/** The plain-text part of an email: `paragraphs` apart by a blank line, ending with a newline. */
export function emailText(paragraphs: string[]): string {
  return paragraphs.map((paragraph) => `${paragraph}\n`).join('\n');
}

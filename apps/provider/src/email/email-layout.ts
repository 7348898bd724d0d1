/**
 * @module email-layout — the HTML frame every email shares: a centred white card on a grey page.
 * Fluid: the card is 100 % wide up to 480 px, so a narrow mail app never scrolls sideways. Outlook
 * for Windows (Word's engine) ignores max-width, so only it gets a fixed 480 px table around the
 * card, inside a conditional comment every other client skips. Padding sits on cells, not tables
 * (Outlook drops a table's padding).
 */

/** The card's widest, in CSS pixels. */
export const EMAIL_CARD_MAX_WIDTH = 480;

/** Wraps `inner` (already escaped HTML) in the shared email frame; `title` must be escaped too; `lang` is the BCP 47 tag of the copy. */
export function emailLayout(title: string, inner: string, lang = 'en'): string {
  const width = EMAIL_CARD_MAX_WIDTH;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="${width}" align="center" cellspacing="0" cellpadding="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="width:100%;max-width:${width}px;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px 24px;overflow-wrap:anywhere;word-break:break-word">${inner}</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table></body></html>`;
}

/** @module email-layout — the HTML frame every email shares: a centred white card on a grey page. */

/** Wraps `inner` (already escaped HTML) in the shared email frame; `title` must be escaped too. */
export function emailLayout(title: string, inner: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="480" cellspacing="0" cellpadding="0" style="max-width:480px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>${inner}</td></tr></table></td></tr></table></body></html>`;
}

/** @module lock-notice-email — the one shape of every "sign-in was turned off" notice: what happened, what to do, a quiet footnote. */
import { emailCard } from './email-blocks.js';
import { escapeHtml } from './html-escape.js';
import type { OutgoingEmail } from './mailer.js';
import type { MessageKind } from './message-kind.js';

/** When a lock started, as the notices print it (minutes, UTC). */
export function lockTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Renders a lock notice. Notices are sent because of an attacker's guesses, so they carry plain
 * text only: no link, token or code that could help whoever reads the mailbox.
 */
export function renderLockNotice(notice: {
  kind: MessageKind;
  to: string;
  subject: string;
  what: string;
  todo: string;
  footnote: string;
}): OutgoingEmail {
  const { subject, what, todo, footnote } = notice;
  const html = emailCard(
    subject,
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(what)}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(todo)}</p>
<p style="margin:0;line-height:1.5;font-size:14px;color:#52525b">${escapeHtml(footnote)}</p>`,
  );
  return { kind: notice.kind, to: notice.to, subject, text: `${what}\n\n${todo}\n\n${footnote}\n`, html };
}

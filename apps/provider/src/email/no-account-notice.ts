/**
 * @module no-account-notice — the stub sent instead of a sign-in email to an address no account
 * uses (SECURITY E3): it carries no link or code, so the send's answer can look like a real one.
 */
import { emailCard, emailFootnote, emailText } from './email-blocks.js';
import { escapeHtml } from './html-escape.js';
import type { OutgoingEmail } from './mailer.js';
import type { MessageLocale } from './message-locale.js';

/** The notice's words, already filled in for the project. */
export interface NoAccountNoticeWords {
  subject: string;
  body: string;
  /** The footnote for whoever did not ask. */
  notYou: string;
}

/** The notice to `to`: the subject as its heading, the body, then the footnote. */
export function renderNoAccountNotice(
  to: string,
  locale: MessageLocale,
  { subject, body, notYou }: NoAccountNoticeWords,
): OutgoingEmail {
  const html = emailCard(
    subject,
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(body)}</p>
${emailFootnote(notYou)}`,
    locale,
  );
  return { kind: 'no_account_notice', to, subject, text: emailText([body, notYou]), html };
}

/** @module passcode-locked-email — the "sign-in codes were turned off" notice for one address or number, sent once when the passcode lock starts (issue 16). */
import { emailLayout } from '../../email/email-layout.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import type { Destination } from './otp-recipients.js';

/**
 * Renders the notice to one of the owner's addresses. Like the other lock notices it carries no
 * link, token or code: it is sent because of an attacker's guesses and must give whoever reads the
 * mailbox nothing but advice.
 */
export function renderPasscodeLockedEmail(options: {
  to: string;
  projectName: string;
  destination: Destination;
  failures: number;
  lockedAt: Date;
}): OutgoingEmail {
  const { projectName, failures, destination } = options;
  const byEmail = destination.channel === 'email';
  const where = byEmail ? destination.value : `the phone number ${destination.value}`;
  const subject = `Sign-in codes to your ${projectName} account were turned off after ${failures} wrong codes`;
  const when = `${options.lockedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what = `Someone asked for one-time sign-in codes for ${where} and entered a wrong code ${failures} times in a row. To protect your ${projectName} account, codes sent to ${where} no longer sign anyone in since ${when}, not even the right code. None of these attempts got into the account.`;
  const todo = byEmail
    ? `To turn sign-in codes back on, sign in with a link emailed to ${destination.value}, or choose "Forgot password?" on the sign-in page and follow the link we email to you. Other ways of signing in still work.`
    : `Other ways of signing in still work. To turn sign-in codes to this number back on, contact the support of ${projectName}.`;
  const notYou = 'Never share a code you receive with anyone: nobody from our team will ask you for one.';
  const html = emailLayout(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(what)}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(todo)}</p>
<p style="margin:0;line-height:1.5;font-size:14px;color:#52525b">${escapeHtml(notYou)}</p>`,
  );
  return {
    kind: 'passcode_locked_notice',
    to: options.to,
    subject,
    text: `${what}\n\n${todo}\n\n${notYou}\n`,
    html,
  };
}

/** @module passcode-locked-email — the "sign-in codes were turned off" notice for one address or number, sent once when the passcode lock starts (issue 16). */
import { lockTime, renderLockNotice } from '../../email/lock-notice-email.js';
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
  const when = lockTime(options.lockedAt);
  const what = `Someone asked for one-time sign-in codes for ${where} and entered a wrong code ${failures} times in a row. To protect your ${projectName} account, codes sent to ${where} no longer sign anyone in since ${when}, not even the right code. None of these attempts got into the account.`;
  const todo = byEmail
    ? `To turn sign-in codes back on, sign in with a link emailed to ${destination.value}, or choose "Forgot password?" on the sign-in page and follow the link we email to you. Other ways of signing in still work.`
    : `Other ways of signing in still work. To turn sign-in codes to this number back on, contact the support of ${projectName}.`;
  const notYou = 'Never share a code you receive with anyone: nobody from our team will ask you for one.';
  return renderLockNotice({
    kind: 'passcode_locked_notice',
    to: options.to,
    subject,
    what,
    todo,
    footnote: notYou,
  });
}

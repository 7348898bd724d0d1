/** @module password-locked-email — the "password sign-in was turned off" notice, sent once when the failed-login lock starts (SECURITY A4). */
import { lockTime, renderLockNotice } from '../../email/lock-notice-email.js';
import type { OutgoingEmail } from '../../email/mailer.js';

/**
 * Renders the notice to one address. It says what happened and what to do, and carries no link
 * or token: it is sent because of an attacker's guesses, so it must give nothing to whoever
 * reads the mailbox but the advice to reset the password by email.
 */
export function renderPasswordLockedEmail(options: {
  to: string;
  projectName: string;
  failures: number;
  lockedAt: Date;
}): OutgoingEmail {
  const subject = `Password sign-in to your ${options.projectName} account was turned off`;
  const when = lockTime(options.lockedAt);
  const what = `Someone tried to sign in to the ${options.projectName} account for ${options.to} with a wrong password ${options.failures} times in a row. To protect the account, signing in with its password is turned off since ${when}, even with the right password. Your password was not changed, and none of these attempts signed in.`;
  const todo =
    'To turn it back on, reset your password: choose "Forgot password?" on the sign-in page and follow the link we email to you. You can also sign in with a link or code sent to this address and then set a new password.';
  const notYou =
    'If these attempts were not yours, someone may be trying to guess your password: choose a new one that you do not use anywhere else.';
  return renderLockNotice({
    kind: 'password_locked_notice',
    to: options.to,
    subject,
    what,
    todo,
    footnote: notYou,
  });
}

/** @module second-factor-locked-email — the "sign-in codes were turned off" notice, sent once when the second-factor lock starts (issue 16). */
import { lockTime, renderLockNotice } from '../../email/lock-notice-email.js';
import type { OutgoingEmail } from '../../email/mailer.js';

/** How the attempt that reached the cap had passed the first step of signing in. */
export type FirstStep = 'password' | 'other';

/**
 * Renders the notice to one address. Whoever made these attempts got past the first step, so it
 * says that plainly and what takes it away from them (a new password set through the emailed
 * reset link). Like the password lock's notice it carries no link, token or code: it is sent
 * because of an attacker's guesses and must give whoever reads the mailbox nothing but advice.
 */
export function renderSecondFactorLockedEmail(options: {
  to: string;
  projectName: string;
  failures: number;
  lockedAt: Date;
  firstStep: FirstStep;
}): OutgoingEmail {
  const { projectName, failures } = options;
  const subject = `Sign-in to your ${projectName} account was turned off after ${failures} wrong codes`;
  const when = lockTime(options.lockedAt);
  const codes = 'a wrong code from the authenticator app, a recovery code or a text message';
  const what =
    options.firstStep === 'password'
      ? `Someone signed in to the ${projectName} account for ${options.to} with its password and then entered ${codes} ${failures} times in a row. This means someone else knows your password. To protect the account, signing in is turned off at the code step since ${when}, even with the right code. None of these attempts got into the account.`
      : `Someone got past the first step of signing in to the ${projectName} account for ${options.to} (with a link or code sent to you, or another sign-in method of the account) and then entered ${codes} ${failures} times in a row. To protect the account, signing in is turned off at the code step since ${when}, even with the right code. None of these attempts got into the account.`;
  const first =
    options.firstStep === 'password'
      ? ''
      : 'If this was not you, someone may be able to read your email: change the password of your email account first. ';
  const todo = `${first}To turn signing in back on, reset your password: choose "Forgot password?" on the sign-in page and follow the link we email to you. Choose a new password that you do not use anywhere else, then sign in with it and your code as usual.`;
  const notYou =
    'If these attempts were not yours, do not share any code you receive with anyone, and change this password wherever else you use it.';
  return renderLockNotice({
    kind: 'second_factor_locked_notice',
    to: options.to,
    subject,
    what,
    todo,
    footnote: notYou,
  });
}

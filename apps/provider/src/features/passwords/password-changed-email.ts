/** @module password-changed-email — the "your password was changed" notice after every password change (SECURITY B9). */

import type { Db } from '../../db/database.js';
import { emailCard } from '../../email/email-blocks.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { Mailer, OutgoingEmail } from '../../email/mailer.js';
import type { Project } from '../projects/project.js';
import { emailSenderOf } from '../projects/project-sender.js';
import { userDirectory } from '../users/user-directory.js';

/** How a password change was made (`session_first`: a first password set from a session); only the wording differs. */
export type PasswordChangeKind = 'reset_by_email' | 'existing_password' | 'session' | 'session_first';

const how: Record<PasswordChangeKind, string> = {
  reset_by_email: 'with a password reset link sent to this address',
  existing_password: 'by someone who entered the old password',
  session: 'from a signed-in session',
  session_first: 'from a signed-in session',
};

/** Renders the notice to one address. It carries no link or token: it only tells. */
export function renderPasswordChangedEmail(options: {
  to: string;
  projectName: string;
  kind: PasswordChangeKind;
  changedAt: Date;
}): OutgoingEmail {
  const first = options.kind === 'session_first';
  const subject = first
    ? `A password was added to your ${options.projectName} account`
    : `Your ${options.projectName} password was changed`;
  const when = `${options.changedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const change = first ? 'got a password' : 'had its password changed';
  const what = `The ${options.projectName} account for ${options.to} ${change} ${how[options.kind]} on ${when}. Every other signed-in session of the account was signed out.`;
  const notYou =
    'If you made this change, there is nothing more to do. If you did not, reset your password now with "Forgot password?" on the sign-in page: whoever changed it may know your old password or have access to your email.';
  const html = emailCard(
    subject,
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(what)}</p>
<p style="margin:0;line-height:1.5;font-size:14px;color:#52525b">${escapeHtml(notYou)}</p>`,
  );
  return { kind: 'password_changed', to: options.to, subject, text: `${what}\n\n${notYou}\n`, html };
}

/** What sending the notice needs; `report` receives a delivery failure (the change stands). */
export interface PasswordChangedNoticeDeps {
  db: Db;
  mailer: Mailer;
  report: (error: unknown) => void;
}

/**
 * Emails the notice to every stored address of the user (not to an address from the request).
 * Called after the change has committed; a failed delivery is reported, never thrown, since the
 * password is already changed and the caller's new session is valid.
 */
export async function notifyPasswordChanged(
  deps: PasswordChangedNoticeDeps,
  project: Project,
  userId: string,
  kind: PasswordChangeKind,
  changedAt: Date,
): Promise<void> {
  try {
    const addresses = await userDirectory.addressesOf(deps.db, project.id, userId);
    for (const email of addresses) {
      await deps.mailer.send({
        ...renderPasswordChangedEmail({ to: email, projectName: project.name, kind, changedAt }),
        sender: emailSenderOf(project),
      });
    }
  } catch (error) {
    deps.report(error);
  }
}

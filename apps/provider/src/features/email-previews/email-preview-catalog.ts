/**
 * @module email-preview-catalog — every email a project sends, rendered by the same template
 * functions the senders call, with the project's name and sample values. The links carry a token
 * that is no token (nothing is issued), so a preview can never sign anyone in.
 */
import type { EmailPreview } from '@latchkey/wire';
import { formatMailFrom, type MailFrom, mailFromOf } from '../../email/mail-sender.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import { renderMagicLinkEmail, renderNoAccountEmail } from '../magic-links/magic-link-email.js';
import { buildMagicLinkUrl } from '../magic-links/magic-link-url.js';
import { SECOND_FACTOR_CAP } from '../mfa/mfa-policy.js';
import { renderSecondFactorLockedEmail } from '../mfa/second-factor-locked-email.js';
import { renderNoAccountOtpEmail, renderOtpEmail } from '../otps/otp-messages.js';
import { PASSCODE_CAP } from '../otps/otp-policy.js';
import { renderPasscodeLockedEmail } from '../otps/passcode-locked-email.js';
import { renderPasswordChangedEmail } from '../passwords/password-changed-email.js';
import { renderPasswordLockedEmail } from '../passwords/password-locked-email.js';
import { HARD_CAP, RESET_DEFAULT_MINUTES } from '../passwords/password-policy.js';
import { renderPasswordResetEmail, tokenLink } from '../passwords/password-reset-email.js';
import type { Project } from '../projects/project.js';
import { emailSenderOf } from '../projects/project-sender.js';

/** The sample recipient; an address of the documentation domain, which never receives mail. */
export const SAMPLE_RECIPIENT = 'ada@example.com';
/** Stands where a token would be; it is not one and redeems nothing. */
export const SAMPLE_TOKEN = 'preview-token-not-valid';
/** Stands where a passcode would be. */
export const SAMPLE_CODE = '123456';
const FALLBACK_REDIRECT = 'https://app.example.com/authenticate';

interface Entry {
  kind: string;
  title: string;
  sentWhen: string;
  render: () => OutgoingEmail;
}

/**
 * The previews of `project`'s emails at `now`, in the order the console lists them; `deployment`
 * is LATCHKEY_MAIL_FROM, which the project's own sender overrides part by part, as on sending.
 */
export function emailPreviews(project: Project, now: Date, deployment: MailFrom): EmailPreview[] {
  const from = formatMailFrom(mailFromOf(deployment, emailSenderOf(project)));
  const projectName = project.name;
  const to = SAMPLE_RECIPIENT;
  const redirect = project.defaultLoginRedirectUrl ?? FALLBACK_REDIRECT;
  const magicLink = (purpose: 'login' | 'signup' | 'secondary') => () =>
    renderMagicLinkEmail({
      purpose,
      to,
      projectName,
      link: buildMagicLinkUrl(redirect, SAMPLE_TOKEN),
      expiresInMinutes: project.magicLinkExpirationMinutes,
    });
  const otp = (purpose: 'login' | 'signup' | 'secondary') => () =>
    renderOtpEmail(to, {
      purpose,
      projectName,
      code: SAMPLE_CODE,
      expiresInMinutes: project.otpExpirationMinutes,
    });
  const entries: Entry[] = [
    {
      kind: 'magic_link_login',
      title: 'Magic link: sign in',
      sentWhen: 'Someone asks for a sign-in link to an existing account.',
      render: magicLink('login'),
    },
    {
      kind: 'magic_link_signup',
      title: 'Magic link: sign up',
      sentWhen:
        'Someone asks for a link and no account uses the address yet, or your server invites the address (POST /v1/magic_links/email/invite).',
      render: magicLink('signup'),
    },
    {
      kind: 'magic_link_add_email',
      title: 'Magic link: add an email address',
      sentWhen: 'A signed-in user adds an email address.',
      render: magicLink('secondary'),
    },
    {
      kind: 'magic_link_no_account',
      title: 'Magic link: no account',
      sentWhen: 'A sign-in link is asked for an address without an account, where sign-up is off.',
      render: () => renderNoAccountEmail({ to, projectName }),
    },
    {
      kind: 'otp_login',
      title: 'One-time code: sign in',
      sentWhen: 'Someone asks for a sign-in code by email.',
      render: otp('login'),
    },
    {
      kind: 'otp_signup',
      title: 'One-time code: sign up',
      sentWhen: 'Someone asks for a code and no account uses the address yet.',
      render: otp('signup'),
    },
    {
      kind: 'otp_add_email',
      title: 'One-time code: add an email address',
      sentWhen: 'A signed-in user confirms a new email address with a code.',
      render: otp('secondary'),
    },
    {
      kind: 'otp_no_account',
      title: 'One-time code: no account',
      sentWhen: 'A code is asked for an address without an account, where sign-up is off.',
      render: () => renderNoAccountOtpEmail(to, projectName),
    },
    {
      kind: 'password_reset',
      title: 'Password reset',
      sentWhen: 'Someone chooses "Forgot password?".',
      render: () =>
        renderPasswordResetEmail({
          to,
          projectName,
          resetLink: tokenLink(redirect, 'reset_password', SAMPLE_TOKEN),
          loginLink: tokenLink(redirect, 'login', SAMPLE_TOKEN),
          expiresInMinutes: RESET_DEFAULT_MINUTES,
        }),
    },
    {
      kind: 'password_changed',
      title: 'Password changed',
      sentWhen: 'A password is changed, by reset or by the user.',
      render: () =>
        renderPasswordChangedEmail({ to, projectName, kind: 'existing_password', changedAt: now }),
    },
    {
      kind: 'password_added',
      title: 'Password added',
      sentWhen: 'A signed-in user sets a first password.',
      render: () => renderPasswordChangedEmail({ to, projectName, kind: 'session_first', changedAt: now }),
    },
    {
      kind: 'password_locked_notice',
      title: 'Lockout: password',
      sentWhen: `Password sign-in is locked after ${HARD_CAP} wrong passwords in a row.`,
      render: () => renderPasswordLockedEmail({ to, projectName, failures: HARD_CAP, lockedAt: now }),
    },
    {
      kind: 'second_factor_locked_notice',
      title: 'Lockout: second factor',
      sentWhen: `Second factors are locked after ${SECOND_FACTOR_CAP} wrong codes in a row.`,
      render: () =>
        renderSecondFactorLockedEmail({
          to,
          projectName,
          failures: SECOND_FACTOR_CAP,
          lockedAt: now,
          firstStep: 'password',
        }),
    },
    {
      kind: 'passcode_locked_notice',
      title: 'Lockout: one-time codes',
      sentWhen: `Codes to an address stop signing in after ${PASSCODE_CAP} wrong codes in a row.`,
      render: () =>
        renderPasscodeLockedEmail({
          to,
          projectName,
          destination: { channel: 'email', value: to },
          failures: PASSCODE_CAP,
          lockedAt: now,
        }),
    },
  ];
  return entries.map((entry) => {
    const email = entry.render();
    return {
      kind: entry.kind,
      title: entry.title,
      sent_when: entry.sentWhen,
      from,
      to,
      subject: email.subject,
      html: email.html,
      text: email.text,
    };
  });
}

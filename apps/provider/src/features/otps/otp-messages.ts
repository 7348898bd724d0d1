/** @module otp-messages — the emails and text messages that carry a passcode, and the stubs for unknown recipients. */
import { emailLayout } from '../../email/email-layout.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import type { OtpPurpose } from './otps.table.js';

/** What a passcode message says. */
export interface OtpMessageOptions {
  purpose: Exclude<OtpPurpose, 'decoy'>;
  projectName: string;
  code: string;
  expiresInMinutes: number;
}

const emailPurpose: Record<OtpMessageOptions['purpose'], string> = {
  login: 'Enter it to sign in to {project}.',
  signup: 'Enter it to confirm your email address and finish creating your {project} account.',
  secondary: 'Enter it to add this email address to your {project} account.',
};

const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

/** The first line of every passcode message's body: the e2e tests and people both look for it. */
export function otpHeadline(projectName: string, code: string): string {
  return `Your ${projectName} code is ${code}`;
}

/**
 * The subject names the code without giving it: a subject travels in SMTP headers, mail-server
 * logs and lock-screen previews, so the code is only ever in the body (issue 16 item 6).
 */
export function otpSubject(projectName: string): string {
  return `Your ${projectName} code`;
}

/** Renders a passcode email: the code large, what it is for, the expiry, and a note for people who did not ask. */
export function renderOtpEmail(to: string, options: OtpMessageOptions): OutgoingEmail {
  const subject = otpSubject(options.projectName);
  const headline = otpHeadline(options.projectName, options.code);
  const purpose = emailPurpose[options.purpose].replaceAll('{project}', options.projectName);
  const expiry = `This code expires in ${minutesText(options.expiresInMinutes)} and can be used once.`;
  const notYou =
    'If you did not ask for this code, you can ignore this email: nothing happens unless the code is entered.';
  const html = emailLayout(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px">Your ${escapeHtml(options.projectName)} code</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(purpose)}</p>
<p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(options.code)}</p>
<p style="margin:0 0 8px;line-height:1.5;font-size:14px">${escapeHtml(expiry)}</p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#71717a">${escapeHtml(notYou)}</p>`,
  );
  const text = [`${headline}.`, '', purpose, '', expiry, '', notYou, ''].join('\n');
  return { kind: 'passcode', to, subject, text, html };
}

/** The text of a passcode SMS or WhatsApp message (short: one SMS segment for typical names). */
export function renderOtpText(options: OtpMessageOptions): string {
  return `${otpHeadline(options.projectName, options.code)}. It expires in ${minutesText(options.expiresInMinutes)}. If you did not ask for it, ignore this message.`;
}

/**
 * The stub emailed when someone asks send/primary for a code for an address without an
 * account (SECURITY E3): no code, so the answer can look exactly like a real send.
 */
export function renderNoAccountOtpEmail(to: string, projectName: string): OutgoingEmail {
  const subject = `Sign-in attempt at ${projectName}`;
  const body = `Someone asked for a sign-in code for this email address at ${projectName}, but no account uses this address, so no code was sent.`;
  const notYou = 'If this was not you, you can ignore this email.';
  const html = emailLayout(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(body)}</p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#71717a">${escapeHtml(notYou)}</p>`,
  );
  return { kind: 'no_account_notice', to, subject, text: `${body}\n\n${notYou}\n`, html };
}

/** The stub text for a number without an account (send/primary), likewise without a code. */
export function renderNoAccountOtpText(projectName: string): string {
  return `Someone asked for a ${projectName} sign-in code for this number, but no account uses it, so no code was sent. If this was not you, ignore this message.`;
}

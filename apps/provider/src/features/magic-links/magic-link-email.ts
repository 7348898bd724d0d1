/** @module magic-link-email — the HTML and text bodies of magic-link emails. */
import { emailLayout as layout } from '../../email/email-layout.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import type { MagicLinkPurpose } from './magic-links.table.js';

/** What a magic-link email says. */
export interface MagicLinkEmailOptions {
  purpose: MagicLinkPurpose;
  to: string;
  projectName: string;
  link: string;
  expiresInMinutes: number;
}

const wording: Record<MagicLinkPurpose, { subject: string; intro: string; button: string }> = {
  login: {
    subject: 'Your sign-in link for {project}',
    intro: 'Use the button below to sign in to {project}.',
    button: 'Sign in',
  },
  signup: {
    subject: 'Finish creating your {project} account',
    intro: 'Use the button below to confirm your email address and finish creating your {project} account.',
    button: 'Create my account',
  },
  secondary: {
    subject: 'Confirm your email address for {project}',
    intro: 'Use the button below to add this email address to your {project} account.',
    button: 'Confirm email address',
  },
};

function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Renders a magic-link email: a button, the link as text, the expiry and a note for people who did not ask. */
export function renderMagicLinkEmail(options: MagicLinkEmailOptions): OutgoingEmail {
  const words = wording[options.purpose];
  const fill = (s: string) => s.replaceAll('{project}', options.projectName);
  const subject = fill(words.subject);
  const expiry = `This link expires in ${minutesText(options.expiresInMinutes)} and can be used once.`;
  const notYou =
    'If you did not ask for this email, you can ignore it: nothing happens unless the link is opened.';
  const link = escapeHtml(options.link);
  const html = layout(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(fill(words.intro))}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">${escapeHtml(words.button)}</a></p>
<p style="margin:0 0 8px;line-height:1.5;font-size:14px">${escapeHtml(expiry)}</p>
<p style="margin:0 0 24px;line-height:1.5;font-size:13px;color:#52525b;word-break:break-all">If the button does not work, open this address: <a href="${link}" style="color:#2563eb">${link}</a></p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#71717a">${escapeHtml(notYou)}</p>`,
  );
  const text = [fill(words.intro), '', `${words.button}: ${options.link}`, '', expiry, '', notYou, ''].join(
    '\n',
  );
  return { kind: 'magic_link', to: options.to, subject, text, html };
}

/**
 * Renders the stub sent when someone asks for a sign-in link for an address without an account
 * (SECURITY E3): it carries no token, so the response can look the same as a real send.
 */
export function renderNoAccountEmail(options: { to: string; projectName: string }): OutgoingEmail {
  const subject = `Sign-in attempt at ${options.projectName}`;
  const body = `Someone asked for a sign-in link for this email address at ${options.projectName}, but no account uses this address, so no link was sent.`;
  const notYou = 'If this was not you, you can ignore this email.';
  const html = layout(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(body)}</p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#71717a">${escapeHtml(notYou)}</p>`,
  );
  return { kind: 'no_account_notice', to: options.to, subject, text: `${body}\n\n${notYou}\n`, html };
}

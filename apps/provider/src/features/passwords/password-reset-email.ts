/** @module password-reset-email — the reset email: a reset link and a "log in without a password" link. */
import { emailLayout } from '../../email/email-layout.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { OutgoingEmail } from '../../email/mailer.js';

/**
 * `{redirect}?stytch_token_type={type}&token={token}` (`&` when the redirect has a query); a
 * fragment stays at the end. `reset_password` opens the widget's reset form; `login` signs in
 * with the magic-link token.
 */
export function tokenLink(redirectUrl: string, type: 'reset_password' | 'login', token: string): string {
  const hashAt = redirectUrl.indexOf('#');
  const base = hashAt === -1 ? redirectUrl : redirectUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : redirectUrl.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}stytch_token_type=${type}&token=${encodeURIComponent(token)}${fragment}`;
}

/** Renders the reset email. */
export function renderPasswordResetEmail(options: {
  to: string;
  projectName: string;
  resetLink: string;
  loginLink: string;
  expiresInMinutes: number;
}): OutgoingEmail {
  const subject = `Reset your ${options.projectName} password`;
  const expiry = `The reset link expires in ${options.expiresInMinutes} minutes and can be used once.`;
  const notYou = 'If you did not ask for this, ignore this email: your password stays as it is.';
  const reset = escapeHtml(options.resetLink);
  const login = escapeHtml(options.loginLink);
  const html = emailLayout(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 24px"><a href="${reset}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">Reset password</a></p>
<p style="margin:0 0 24px"><a href="${login}" style="color:#2563eb">Log in without a password</a></p>
<p style="margin:0 0 8px;line-height:1.5;font-size:14px">${escapeHtml(expiry)}</p>
<p style="margin:0;line-height:1.5;font-size:13px;color:#71717a">${escapeHtml(notYou)}</p>`,
  );
  const text = [
    `Reset password: ${options.resetLink}`,
    '',
    `Log in without a password: ${options.loginLink}`,
    '',
    expiry,
    '',
    notYou,
    '',
  ].join('\n');
  return { kind: 'password_reset', to: options.to, subject, text, html };
}

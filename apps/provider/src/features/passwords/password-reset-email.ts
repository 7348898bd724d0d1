/** @module password-reset-email — the reset email: a reset link and a "log in without a password" link. */
import { emailButton, emailCard, emailExpiryAndFootnote, emailText } from '../../email/email-blocks.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import { DEFAULT_MESSAGE_LOCALE, type MessageLocale } from '../../email/message-locale.js';
import { fillMessage } from '../../email/message-template.js';

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

/** The copy of one language: `{project}` and `{minutes}` are filled in. */
interface ResetCopy {
  subject: string;
  reset: string;
  login: string;
  expiry: string;
  notYou: string;
}

// English is the source; the others say the same in the same plain, direct tone.
const copy: Record<MessageLocale, ResetCopy> = {
  en: {
    subject: 'Reset your {project} password',
    reset: 'Reset password',
    login: 'Log in without a password',
    expiry: 'The reset link expires in {minutes} and can be used once.',
    notYou: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  es: {
    subject: 'Restablece tu contraseña de {project}',
    reset: 'Restablecer contraseña',
    login: 'Iniciar sesión sin contraseña',
    expiry: 'El enlace para restablecerla caduca en {minutes} y solo se puede usar una vez.',
    notYou: 'Si no lo pediste, ignora este correo: tu contraseña sigue igual.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe {project}',
    reset: 'Réinitialiser le mot de passe',
    login: 'Se connecter sans mot de passe',
    expiry: 'Le lien de réinitialisation expire dans {minutes} et ne peut être utilisé qu’une fois.',
    notYou: 'Si vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  'pt-br': {
    subject: 'Redefina sua senha de {project}',
    reset: 'Redefinir senha',
    login: 'Entrar sem senha',
    expiry: 'O link de redefinição expira em {minutes} e só pode ser usado uma vez.',
    notYou: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  },
};

/** Renders the reset email, in `locale` (English when absent). */
export function renderPasswordResetEmail(options: {
  to: string;
  projectName: string;
  resetLink: string;
  loginLink: string;
  expiresInMinutes: number;
  locale?: MessageLocale | undefined;
}): OutgoingEmail {
  const locale = options.locale ?? DEFAULT_MESSAGE_LOCALE;
  const words = copy[locale];
  const fill = (template: string) =>
    fillMessage(template, locale, { project: options.projectName, minutes: options.expiresInMinutes });
  const subject = fill(words.subject);
  const expiry = fill(words.expiry);
  const reset = escapeHtml(options.resetLink);
  const login = escapeHtml(options.loginLink);
  const html = emailCard(
    subject,
    `${emailButton(reset, words.reset)}
<p style="margin:0 0 24px"><a href="${login}" style="color:#2563eb">${escapeHtml(words.login)}</a></p>
${emailExpiryAndFootnote(expiry, words.notYou)}`,
    locale,
  );
  const text = emailText([
    `${words.reset}: ${options.resetLink}`,
    `${words.login}: ${options.loginLink}`,
    expiry,
    words.notYou,
  ]);
  return { kind: 'password_reset', to: options.to, subject, text, html };
}

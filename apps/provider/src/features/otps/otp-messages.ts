/** @module otp-messages — the emails and text messages that carry a passcode, and the stubs for unknown recipients, in each message language. */
import { emailCard, emailExpiryAndFootnote, emailText } from '../../email/email-blocks.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import { DEFAULT_MESSAGE_LOCALE, type MessageLocale } from '../../email/message-locale.js';
import { fillMessage } from '../../email/message-template.js';
import { renderNoAccountNotice } from '../../email/no-account-notice.js';
import type { OtpPurpose } from './otps.table.js';

/** What a passcode message says. */
export interface OtpMessageOptions {
  purpose: Exclude<OtpPurpose, 'decoy'>;
  projectName: string;
  code: string;
  expiresInMinutes: number;
  /** The language of the copy (the send's `locale`); English when absent. */
  locale?: MessageLocale | undefined;
}

/** The copy of one language: `{project}`, `{code}`, `{minutes}` and `{headline}` are filled in. */
interface OtpCopy {
  purposes: Record<OtpMessageOptions['purpose'], string>;
  /** The first line of a passcode message's body: the e2e tests and people both look for it. */
  headline: string;
  /** Names the code without giving it (see otpSubject). */
  subject: string;
  expiry: string;
  notYou: string;
  text: string;
  noAccountSubject: string;
  noAccountEmail: string;
  noAccountNotYou: string;
  noAccountText: string;
}

// English is the source; the others say the same in the same plain, direct tone.
const copy: Record<MessageLocale, OtpCopy> = {
  en: {
    purposes: {
      login: 'Enter it to sign in to {project}.',
      signup: 'Enter it to confirm your email address and finish creating your {project} account.',
      secondary: 'Enter it to add this email address to your {project} account.',
    },
    headline: 'Your {project} code is {code}',
    subject: 'Your {project} code',
    expiry: 'This code expires in {minutes} and can be used once.',
    notYou:
      'If you did not ask for this code, you can ignore this email: nothing happens unless the code is entered.',
    text: '{headline}. It expires in {minutes}. If you did not ask for it, ignore this message.',
    noAccountSubject: 'Sign-in attempt at {project}',
    noAccountEmail:
      'Someone asked for a sign-in code for this email address at {project}, but no account uses this address, so no code was sent.',
    noAccountNotYou: 'If this was not you, you can ignore this email.',
    noAccountText:
      'Someone asked for a {project} sign-in code for this number, but no account uses it, so no code was sent. If this was not you, ignore this message.',
  },
  es: {
    purposes: {
      login: 'Introdúcelo para iniciar sesión en {project}.',
      signup: 'Introdúcelo para confirmar tu dirección de correo y terminar de crear tu cuenta de {project}.',
      secondary: 'Introdúcelo para añadir esta dirección de correo a tu cuenta de {project}.',
    },
    headline: 'Tu código de {project} es {code}',
    subject: 'Tu código de {project}',
    expiry: 'Este código caduca en {minutes} y solo se puede usar una vez.',
    notYou:
      'Si no pediste este código, puedes ignorar este correo: no pasa nada a menos que se introduzca el código.',
    text: '{headline}. Caduca en {minutes}. Si no lo pediste, ignora este mensaje.',
    noAccountSubject: 'Intento de inicio de sesión en {project}',
    noAccountEmail:
      'Alguien pidió un código de inicio de sesión para esta dirección de correo en {project}, pero ninguna cuenta usa esta dirección, así que no se envió ningún código.',
    noAccountNotYou: 'Si no fuiste tú, puedes ignorar este correo.',
    noAccountText:
      'Alguien pidió un código de inicio de sesión de {project} para este número, pero ninguna cuenta lo usa, así que no se envió ningún código. Si no fuiste tú, ignora este mensaje.',
  },
  fr: {
    purposes: {
      login: 'Saisissez-le pour vous connecter à {project}.',
      signup:
        'Saisissez-le pour confirmer votre adresse e-mail et terminer la création de votre compte {project}.',
      secondary: 'Saisissez-le pour ajouter cette adresse e-mail à votre compte {project}.',
    },
    headline: 'Votre code {project} est {code}',
    subject: 'Votre code {project}',
    expiry: 'Ce code expire dans {minutes} et ne peut être utilisé qu’une fois.',
    notYou:
      'Si vous n’avez pas demandé ce code, vous pouvez ignorer cet e-mail : rien ne se passe tant que le code n’est pas saisi.',
    text: '{headline}. Il expire dans {minutes}. Si vous ne l’avez pas demandé, ignorez ce message.',
    noAccountSubject: 'Tentative de connexion à {project}',
    noAccountEmail:
      'Quelqu’un a demandé un code de connexion pour cette adresse e-mail sur {project}, mais aucun compte n’utilise cette adresse : aucun code n’a donc été envoyé.',
    noAccountNotYou: 'Si ce n’était pas vous, vous pouvez ignorer cet e-mail.',
    noAccountText:
      'Quelqu’un a demandé un code de connexion {project} pour ce numéro, mais aucun compte ne l’utilise : aucun code n’a été envoyé. Si ce n’était pas vous, ignorez ce message.',
  },
  'pt-br': {
    purposes: {
      login: 'Digite-o para entrar em {project}.',
      signup:
        'Digite-o para confirmar seu endereço de e-mail e concluir a criação da sua conta em {project}.',
      secondary: 'Digite-o para adicionar este endereço de e-mail à sua conta em {project}.',
    },
    headline: 'Seu código de {project} é {code}',
    subject: 'Seu código de {project}',
    expiry: 'Este código expira em {minutes} e só pode ser usado uma vez.',
    notYou:
      'Se você não pediu este código, pode ignorar este e-mail: nada acontece a menos que o código seja digitado.',
    text: '{headline}. Ele expira em {minutes}. Se você não o pediu, ignore esta mensagem.',
    noAccountSubject: 'Tentativa de acesso em {project}',
    noAccountEmail:
      'Alguém pediu um código de acesso para este endereço de e-mail em {project}, mas nenhuma conta usa este endereço, então nenhum código foi enviado.',
    noAccountNotYou: 'Se não foi você, pode ignorar este e-mail.',
    noAccountText:
      'Alguém pediu um código de acesso de {project} para este número, mas nenhuma conta o usa, então nenhum código foi enviado. Se não foi você, ignore esta mensagem.',
  },
};

/** The first line of every passcode message's body: the e2e tests and people both look for it. */
export function otpHeadline(
  projectName: string,
  code: string,
  locale: MessageLocale = DEFAULT_MESSAGE_LOCALE,
): string {
  return fillMessage(copy[locale].headline, locale, { project: projectName, code });
}

/**
 * The subject names the code without giving it: a subject travels in SMTP headers, mail-server
 * logs and lock-screen previews, so the code is only ever in the body (issue 16 item 6).
 */
export function otpSubject(projectName: string, locale: MessageLocale = DEFAULT_MESSAGE_LOCALE): string {
  return fillMessage(copy[locale].subject, locale, { project: projectName });
}

/** Renders a passcode email: the code large, what it is for, the expiry, and a note for people who did not ask. */
export function renderOtpEmail(to: string, options: OtpMessageOptions): OutgoingEmail {
  const locale = options.locale ?? DEFAULT_MESSAGE_LOCALE;
  const words = copy[locale];
  const values = { project: options.projectName, code: options.code, minutes: options.expiresInMinutes };
  const subject = otpSubject(options.projectName, locale);
  const headline = otpHeadline(options.projectName, options.code, locale);
  const purpose = fillMessage(words.purposes[options.purpose], locale, values);
  const expiry = fillMessage(words.expiry, locale, values);
  const html = emailCard(
    subject,
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(purpose)}</p>
<p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(options.code)}</p>
${emailExpiryAndFootnote(expiry, words.notYou)}`,
    locale,
  );
  const text = emailText([`${headline}.`, purpose, expiry, words.notYou]);
  return { kind: 'passcode', to, subject, text, html };
}

/** The text of a passcode SMS or WhatsApp message (short: one SMS segment for typical names). */
export function renderOtpText(options: OtpMessageOptions): string {
  const locale = options.locale ?? DEFAULT_MESSAGE_LOCALE;
  const headline = otpHeadline(options.projectName, options.code, locale);
  return fillMessage(copy[locale].text, locale, {
    project: options.projectName,
    minutes: options.expiresInMinutes,
  }).replace('{headline}', headline);
}

/**
 * The stub emailed when someone asks send/primary for a code for an address without an
 * account (SECURITY E3): no code, so the answer can look exactly like a real send.
 */
export function renderNoAccountOtpEmail(
  to: string,
  projectName: string,
  locale: MessageLocale = DEFAULT_MESSAGE_LOCALE,
): OutgoingEmail {
  const words = copy[locale];
  return renderNoAccountNotice(to, locale, {
    subject: fillMessage(words.noAccountSubject, locale, { project: projectName }),
    body: fillMessage(words.noAccountEmail, locale, { project: projectName }),
    notYou: words.noAccountNotYou,
  });
}

/** The stub text for a number without an account (send/primary), likewise without a code. */
export function renderNoAccountOtpText(
  projectName: string,
  locale: MessageLocale = DEFAULT_MESSAGE_LOCALE,
): string {
  return fillMessage(copy[locale].noAccountText, locale, { project: projectName });
}

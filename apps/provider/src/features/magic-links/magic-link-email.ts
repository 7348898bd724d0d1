/** @module magic-link-email — the HTML and text bodies of magic-link emails, in each message language. */
import { emailButton, emailCard, emailFootnote, emailText } from '../../email/email-blocks.js';
import { escapeHtml } from '../../email/html-escape.js';
import type { OutgoingEmail } from '../../email/mailer.js';
import { DEFAULT_MESSAGE_LOCALE, type MessageLocale } from '../../email/message-locale.js';
import { fillMessage } from '../../email/message-template.js';
import { renderNoAccountNotice } from '../../email/no-account-notice.js';
import type { MagicLinkPurpose } from './magic-links.table.js';

/** What a magic-link email says. */
export interface MagicLinkEmailOptions {
  purpose: MagicLinkPurpose;
  to: string;
  projectName: string;
  link: string;
  expiresInMinutes: number;
  /** The language of the copy (the send's `locale`); English when absent. */
  locale?: MessageLocale | undefined;
}

/** The copy of one language: `{project}` and `{minutes}` are filled in. */
interface MagicLinkCopy {
  purposes: Record<MagicLinkPurpose, { subject: string; intro: string; button: string }>;
  expiry: string;
  fallback: string;
  notYou: string;
  noAccount: { subject: string; body: string; notYou: string };
}

// English is the source; the others say the same in the same plain, direct tone.
const copy: Record<MessageLocale, MagicLinkCopy> = {
  en: {
    purposes: {
      login: {
        subject: 'Your sign-in link for {project}',
        intro: 'Use the button below to sign in to {project}.',
        button: 'Sign in',
      },
      signup: {
        subject: 'Finish creating your {project} account',
        intro:
          'Use the button below to confirm your email address and finish creating your {project} account.',
        button: 'Create my account',
      },
      secondary: {
        subject: 'Confirm your email address for {project}',
        intro: 'Use the button below to add this email address to your {project} account.',
        button: 'Confirm email address',
      },
    },
    expiry: 'This link expires in {minutes} and can be used once.',
    fallback: 'If the button does not work, open this address:',
    notYou:
      'If you did not ask for this email, you can ignore it: nothing happens unless the link is opened.',
    noAccount: {
      subject: 'Sign-in attempt at {project}',
      body: 'Someone asked for a sign-in link for this email address at {project}, but no account uses this address, so no link was sent.',
      notYou: 'If this was not you, you can ignore this email.',
    },
  },
  es: {
    purposes: {
      login: {
        subject: 'Tu enlace para iniciar sesión en {project}',
        intro: 'Usa el botón de abajo para iniciar sesión en {project}.',
        button: 'Iniciar sesión',
      },
      signup: {
        subject: 'Termina de crear tu cuenta de {project}',
        intro:
          'Usa el botón de abajo para confirmar tu dirección de correo y terminar de crear tu cuenta de {project}.',
        button: 'Crear mi cuenta',
      },
      secondary: {
        subject: 'Confirma tu dirección de correo para {project}',
        intro: 'Usa el botón de abajo para añadir esta dirección de correo a tu cuenta de {project}.',
        button: 'Confirmar dirección de correo',
      },
    },
    expiry: 'Este enlace caduca en {minutes} y solo se puede usar una vez.',
    fallback: 'Si el botón no funciona, abre esta dirección:',
    notYou: 'Si no pediste este correo, puedes ignorarlo: no pasa nada a menos que se abra el enlace.',
    noAccount: {
      subject: 'Intento de inicio de sesión en {project}',
      body: 'Alguien pidió un enlace de inicio de sesión para esta dirección de correo en {project}, pero ninguna cuenta usa esta dirección, así que no se envió ningún enlace.',
      notYou: 'Si no fuiste tú, puedes ignorar este correo.',
    },
  },
  fr: {
    purposes: {
      login: {
        subject: 'Votre lien de connexion à {project}',
        intro: 'Utilisez le bouton ci-dessous pour vous connecter à {project}.',
        button: 'Se connecter',
      },
      signup: {
        subject: 'Terminez la création de votre compte {project}',
        intro:
          'Utilisez le bouton ci-dessous pour confirmer votre adresse e-mail et terminer la création de votre compte {project}.',
        button: 'Créer mon compte',
      },
      secondary: {
        subject: 'Confirmez votre adresse e-mail pour {project}',
        intro: 'Utilisez le bouton ci-dessous pour ajouter cette adresse e-mail à votre compte {project}.',
        button: 'Confirmer l’adresse e-mail',
      },
    },
    expiry: 'Ce lien expire dans {minutes} et ne peut être utilisé qu’une fois.',
    fallback: 'Si le bouton ne fonctionne pas, ouvrez cette adresse :',
    notYou:
      'Si vous n’avez pas demandé cet e-mail, vous pouvez l’ignorer : rien ne se passe tant que le lien n’est pas ouvert.',
    noAccount: {
      subject: 'Tentative de connexion à {project}',
      body: 'Quelqu’un a demandé un lien de connexion pour cette adresse e-mail sur {project}, mais aucun compte n’utilise cette adresse : aucun lien n’a donc été envoyé.',
      notYou: 'Si ce n’était pas vous, vous pouvez ignorer cet e-mail.',
    },
  },
  'pt-br': {
    purposes: {
      login: {
        subject: 'Seu link para entrar em {project}',
        intro: 'Use o botão abaixo para entrar em {project}.',
        button: 'Entrar',
      },
      signup: {
        subject: 'Conclua a criação da sua conta em {project}',
        intro:
          'Use o botão abaixo para confirmar seu endereço de e-mail e concluir a criação da sua conta em {project}.',
        button: 'Criar minha conta',
      },
      secondary: {
        subject: 'Confirme seu endereço de e-mail em {project}',
        intro: 'Use o botão abaixo para adicionar este endereço de e-mail à sua conta em {project}.',
        button: 'Confirmar endereço de e-mail',
      },
    },
    expiry: 'Este link expira em {minutes} e só pode ser usado uma vez.',
    fallback: 'Se o botão não funcionar, abra este endereço:',
    notYou: 'Se você não pediu este e-mail, pode ignorá-lo: nada acontece a menos que o link seja aberto.',
    noAccount: {
      subject: 'Tentativa de acesso em {project}',
      body: 'Alguém pediu um link de acesso para este endereço de e-mail em {project}, mas nenhuma conta usa este endereço, então nenhum link foi enviado.',
      notYou: 'Se não foi você, pode ignorar este e-mail.',
    },
  },
};

/** Renders a magic-link email: a button, the link as text, the expiry and a note for people who did not ask. */
export function renderMagicLinkEmail(options: MagicLinkEmailOptions): OutgoingEmail {
  const locale = options.locale ?? DEFAULT_MESSAGE_LOCALE;
  const words = copy[locale];
  const purpose = words.purposes[options.purpose];
  const fill = (template: string) =>
    fillMessage(template, locale, { project: options.projectName, minutes: options.expiresInMinutes });
  const subject = fill(purpose.subject);
  const expiry = fill(words.expiry);
  const link = escapeHtml(options.link);
  const html = emailCard(
    subject,
    `<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(fill(purpose.intro))}</p>
${emailButton(link, purpose.button)}
<p style="margin:0 0 8px;line-height:1.5;font-size:14px">${escapeHtml(expiry)}</p>
<p style="margin:0 0 24px;line-height:1.5;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(words.fallback)} <a href="${link}" style="color:#2563eb">${link}</a></p>
${emailFootnote(words.notYou)}`,
    locale,
  );
  const text = emailText([fill(purpose.intro), `${purpose.button}: ${options.link}`, expiry, words.notYou]);
  return { kind: 'magic_link', to: options.to, subject, text, html };
}

/**
 * Renders the stub sent when someone asks for a sign-in link for an address without an account
 * (SECURITY E3): it carries no token, so the response can look the same as a real send.
 */
export function renderNoAccountEmail(options: {
  to: string;
  projectName: string;
  locale?: MessageLocale | undefined;
}): OutgoingEmail {
  const locale = options.locale ?? DEFAULT_MESSAGE_LOCALE;
  const words = copy[locale].noAccount;
  return renderNoAccountNotice(options.to, locale, {
    subject: fillMessage(words.subject, locale, { project: options.projectName }),
    body: fillMessage(words.body, locale, { project: options.projectName }),
    notYou: words.notYou,
  });
}

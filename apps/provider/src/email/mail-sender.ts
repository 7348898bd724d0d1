/**
 * @module mail-sender — the From of an email: the deployment's LATCHKEY_MAIL_FROM, with the
 * project's own display name and address in place of its parts where the project sets them.
 */

/** A From as the transports take it (nodemailer's address object; it encodes the name itself). */
export interface MailFrom {
  name: string;
  address: string;
}

/** A project's own sender; a null part is the deployment's. */
export interface EmailSender {
  name: string | null;
  address: string | null;
}

/** `Name <address>`, `"Name" <address>` or a bare address, as LATCHKEY_MAIL_FROM is written. */
export function parseMailFrom(from: string): MailFrom {
  const named = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<]*?))\s*<([^<>\s]+)>\s*$/.exec(from);
  if (!named) return { name: '', address: from.trim() };
  return { name: (named[1] ?? named[2] ?? '').replace(/\\(.)/g, '$1'), address: named[3] as string };
}

/** The From of one message: `deployment` with the project's parts where it sets them. */
export function mailFromOf(deployment: MailFrom, sender: EmailSender | undefined): MailFrom {
  return { name: sender?.name ?? deployment.name, address: sender?.address ?? deployment.address };
}

// RFC 5322 atoms and spaces: a name of only these needs no quotes.
const PLAIN_NAME = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/;

/** `Name <address>` (quoted when the name needs it) or the bare address, as the dev outbox shows a From. */
export function formatMailFrom(from: MailFrom): string {
  if (from.name === '') return from.address;
  if (PLAIN_NAME.test(from.name)) return `${from.name} <${from.address}>`;
  return `"${from.name.replace(/(["\\])/g, '\\$1')}" <${from.address}>`;
}

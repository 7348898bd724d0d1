/** @module mailer — the Mailer port: how services hand an email over for delivery. */
import type { EmailSender } from './mail-sender.js';
import type { MessageKind } from './message-kind.js';

/** One email, complete with both bodies. */
export interface OutgoingEmail {
  /** What the email is for; logs name this, never the subject or a body. */
  kind: MessageKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The project's own sender (mail-sender.ts); absent or null parts are the deployment's. */
  sender?: EmailSender;
}

/** Delivers emails (SMTP in production, the dev outbox in development). */
export interface Mailer {
  /** Resolves once the message is accepted by the transport; rejects when it is not. */
  send(message: OutgoingEmail): Promise<void>;
  close?(): Promise<void>;
}

/** The transport refused or could not take a message; answered as 503 service_unavailable. */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
}
